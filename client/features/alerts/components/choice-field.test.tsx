import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { ChoiceField } from './choice-field.js';

const choices = [
  { value: 'toys', label: 'Toys' },
  { value: 'books', label: 'Books' },
];

/** A form with one optional choice, showing what it holds. */
function AlertForm({ initial }: { initial: string }) {
  const form = useForm<{ category: string }>({ defaultValues: { category: initial } });
  const category = useWatch({ control: form.control, name: 'category' });
  return (
    <>
      <ChoiceField control={form.control} name="category" label="Category" choices={choices} />
      <output>{category === '' ? '(any)' : category}</output>
    </>
  );
}

describe('ChoiceField', () => {
  it("starts at 'Any' for an empty field and sets the form's field to the choice", async () => {
    const user = userEvent.setup();
    render(<AlertForm initial="" />);
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('Any');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Toys' }));
    expect(screen.getByRole('status').textContent).toBe('toys');
  });

  it("sends '' again when 'Any' is chosen", async () => {
    const user = userEvent.setup();
    render(<AlertForm initial="books" />);
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('Books');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Any' }));
    expect(screen.getByRole('status').textContent).toBe('(any)');
  });
});
