// Companies: their public addresses (slugs) and the creation of a company with its owner.
export { slugify, slugTakenBy, claimStoreSlug, syncPublicSlugs } from './slugs';
export { createCompanyWithOwner, type NewCompany, type CreatedCompany } from './create';
