// The Team pages' money is integer minor units (rates are cents): the back-office's money helpers.
export { centsToInput, inputToCents, useCentsFormat as useTeamFormat } from '../../../components';
