import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckboxField, ColorField, NumberField, SearchField, SelectField, TextAreaField, TextField } from './fields';

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
        <SelectField label="Category" placeholder="No category" options={[{ value: '1', label: 'Dairy' }]} error="choose one" />
        <TextAreaField label="Notes" />
        <CheckboxField label="Active" defaultChecked />
        <NumberField label="Price" />
        <ColorField label="Colour" swatch="#123456" defaultValue="#123456" />
        <SearchField label="Search items" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('choose one');
    expect(screen.getByRole('option', { name: 'No category' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveAttribute('type', 'number');
    expect(screen.getByRole('textbox', { name: 'Colour' })).toHaveValue('#123456');
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toBeInTheDocument();
  });

  it('work with react-hook-form and a zod resolver: per-field messages, no submit while invalid', async () => {
    const schema = z.object({
      name: z.string().trim().min(1, 'Enter a name'),
      price: z.number({ error: 'Enter a price' }).min(0, 'Must be at least 0'),
      active: z.boolean(),
    });
    const onValid = jest.fn();
    function Form() {
      const { register, handleSubmit, formState } = useForm({
        resolver: zodResolver(schema),
        defaultValues: { name: '', price: Number.NaN, active: true },
      });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <TextField label="Name" {...register('name')} error={formState.errors.name?.message} />
          <NumberField label="Price" {...register('price', { valueAsNumber: true })} error={formState.errors.price?.message} />
          <CheckboxField label="Active" {...register('active')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByText('Enter a price')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Name'), 'Tea');
    await userEvent.type(screen.getByLabelText('Price'), '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 0')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '2.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Tea', price: 2.5, active: false }, expect.anything());
  });
});
