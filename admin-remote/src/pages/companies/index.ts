export { CompaniesPage } from './CompaniesPage';
export { CompanyPage } from './CompanyPage';
export { CreateCompanyDialog } from './CreateCompanyDialog';
export { PlanDialog } from './PlanDialog';
export { StatusDialog } from './StatusDialog';
