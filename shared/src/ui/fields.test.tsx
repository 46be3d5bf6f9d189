import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckboxField, ColorField, SearchField, SelectField, TextAreaField, TextField } from './fields';
import { DecimalField, decimalResolver, type DecimalMessage } from './decimalFields';

describe('form fields', () => {
  it('label, hint and error are tied to the control', () => {
    render(<TextField label="Name" hint="As printed on receipts" error="this field is required" required />);
    const input = screen.getByLabelText(/Name/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('As printed on receipts this field is required');
  });

  it('a valid field is not marked invalid', () => {
    render(<TextField label="Name" />);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-describedby');
  });

  it('select, text area, checkbox, number, colour and search fields are labelled', () => {
    render(
      <>
        <SelectField
          label="Category"
          placeholder="No category"
          options={[{ value: '1', label: 'Dairy' }]}
          error="choose one"
        />
        <TextAreaField label="Notes" />
        <CheckboxField label="Active" defaultChecked />
        <DecimalField label="Price" />
        <ColorField label="Colour" swatch="#123456" defaultValue="#123456" />
        <SearchField label="Search items" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('choose one');
    expect(screen.getByRole('option', { name: 'No category' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    // Text, read in the page's language (decimal.ts): never the browser's number field.
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Colour' })).toHaveValue('#123456');
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toBeInTheDocument();
  });

  it('work with react-hook-form and a zod resolver: per-field messages, no submit while invalid', async () => {
    const schema = z.object({
      name: z.string().trim().min(1, 'Enter a name'),
      price: z.number({ error: 'Enter a price' }).min(0, 'Must be at least 0'),
      lines: z.array(z.object({ cents: z.int({ error: 'Enter an amount' }) })),
      active: z.boolean(),
    });
    const message: DecimalMessage = (problem, rule) => `${problem} (${rule.decimals})`;
    const onValid = jest.fn();
    function Form() {
      const { register, handleSubmit, formState } = useForm({
        // Spanish: "2,5" is two and a half; the rows' amounts go to the schema in cents.
        resolver: decimalResolver(
          zodResolver(schema) as never,
          { price: { decimals: 2, signed: true }, 'lines.*.cents': { decimals: 2, minor: true } },
          'es',
          message,
        ),
        defaultValues: { name: '', price: '', lines: [{ cents: '1,50' }, { cents: '' }], active: true },
      });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <TextField label="Name" {...register('name')} error={formState.errors.name?.message} />
          <DecimalField label="Price" {...register('price')} error={formState.errors.price?.message} />
          {[0, 1].map((i) => (
            <DecimalField
              key={i}
              label={`Amount ${i + 1}`}
              {...register(`lines.${i}.cents` as 'lines.0.cents')}
              error={(formState.errors.lines as { cents?: { message?: string } }[] | undefined)?.[i]?.cents?.message}
            />
          ))}
          <CheckboxField label="Active" {...register('active')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Amount 2'), '1.80');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByText('Enter a price')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount 2')).toHaveAccessibleDescription('otherSeparator (2)');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Name'), 'Tea');
    await userEvent.type(screen.getByLabelText('Price'), '-2');
    await userEvent.clear(screen.getByLabelText('Amount 2'));
    await userEvent.type(screen.getByLabelText('Amount 2'), '1.234,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 0')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '2,555');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('decimals (2)')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '2,5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      { name: 'Tea', price: 2.5, lines: [{ cents: 150 }, { cents: 123450 }], active: false },
      expect.anything(),
    );
  });
});
