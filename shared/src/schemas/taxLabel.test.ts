import { documentTaxLabel, formatRate, nameStatesRate, taxLabel } from './taxLabel';

const NBSP = '\u00a0';

describe('tax labels', () => {
  it('write the rate as each language writes a percentage', () => {
    expect(formatRate(10, 'en')).toBe('10%');
    expect(formatRate(10, 'es')).toBe(`10${NBSP}%`);
    expect(formatRate(8.875, 'en')).toBe('8.875%');
    expect(formatRate(10.5, 'es')).toBe(`10,5${NBSP}%`);
  });

  it('do not repeat a rate the name already states', () => {
    expect(taxLabel('IVA 10%', 10, 'es')).toBe('IVA 10%');
    expect(taxLabel('IVA 10 %', 10, 'es')).toBe('IVA 10 %');
    expect(taxLabel('IVA reducido 10,5 %', 10.5, 'es')).toBe('IVA reducido 10,5 %');
    expect(taxLabel('VAT 8.5%', 8.5, 'en')).toBe('VAT 8.5%');
  });

  it('add the rate to a name without it, or stating another', () => {
    expect(taxLabel('IVA', 21, 'es')).toBe(`IVA 21${NBSP}%`);
    expect(taxLabel('State tax', 6.25, 'en')).toBe('State tax 6.25%');
    expect(taxLabel('IVA 10%', 21, 'es')).toBe(`IVA 10% 21${NBSP}%`);
    // A number that is not a percentage is not a rate.
    expect(nameStatesRate('Zone 10 levy', 10)).toBe(false);
  });
});

describe('a tax on an invoice (page, PDF, e-mail)', () => {
  it('names the rate and how it is charged once', () => {
    expect(documentTaxLabel('IVA', 10, 'es', 'incluido')).toBe(`IVA (10${NBSP}%, incluido)`);
    expect(documentTaxLabel('IVA 10%', 10, 'es', 'incluido')).toBe('IVA 10% (incluido)');
    expect(documentTaxLabel('Sales tax', 8.25, 'en')).toBe('Sales tax (8.25%)');
    expect(documentTaxLabel('Sales tax 8.25%', 8.25, 'en')).toBe('Sales tax 8.25%');
  });
});
