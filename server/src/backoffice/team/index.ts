// Team (menu area "team"): employees, the people who use the registers. The Team pages come later.
export { teamMigrations } from './migrations';
export { hashPin, verifyPin, activeEmployees, PIN, PIN_SCRYPT_COST } from './employees';
export { seedTeamDemo, DEMO_EMPLOYEES } from './demo';
export type { TeamTables } from './tables';
