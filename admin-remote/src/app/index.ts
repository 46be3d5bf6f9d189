export { StaffArea, permittedPaths } from './StaffArea';
