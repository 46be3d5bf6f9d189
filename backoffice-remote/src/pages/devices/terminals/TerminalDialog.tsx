import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  DEVICES_LIMITS,
  createTerminalSchema,
  type Terminal,
  type TerminalPairing,
} from '@hive/shared/schemas/backoffice/devices';
import type { LocationOption } from '@hive/shared/schemas/backoffice/settings';
import { Alert, FormDialog, SelectField, TextField } from '@hive/shared/ui';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { useSaveRecord } from '../../../frames/resource';
import { DEVICES_ENDPOINT } from '../api';

type Schema = ReturnType<typeof createTerminalSchema>;
type Values = z.input<Schema>;

export interface TerminalDialogProps {
  /** The terminal to rename or move; absent to add one. */
  terminal?: Terminal;
  locations: LocationOption[];
  onCancel: () => void;
  /** Added: the answer with its one-time pairing code. Edited: the terminal. */
  onSaved: (saved: Terminal | TerminalPairing, created: boolean) => void;
}

const locationValue = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

/** Add a terminal (name and location), or rename and move one: the same two fields, the same rules. */
export function TerminalDialog({ terminal, locations, onCancel, onSaved }: TerminalDialogProps) {
  const { t } = useAreaT('devices');
  const messages = useValidationMessages();
  const schema = useMemo(() => createTerminalSchema(messages), [messages]);
  // One location: it is the one. Several: the user chooses.
  const only = locations.filter((l) => l.active).length === 1 ? locations.find((l) => l.active) : undefined;
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: terminal?.name ?? '', locationId: terminal?.locationId ?? only?.id },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Terminal | TerminalPairing, Values>({
    endpoint: DEVICES_ENDPOINT.terminals,
    prefix: 'devices:terminals',
    record: terminal,
    setError,
    onSaved,
  });

  const options = locations.map((l) => ({
    value: String(l.id),
    label: l.active ? l.name : t('common.inactiveLocation', { name: l.name }),
  }));

  return (
    <FormDialog
      open
      title={terminal ? t('terminals.editTitle', { name: terminal.name }) : t('terminals.addTitle')}
      submitLabel={terminal ? t('common:form.save') : t('terminals.add')}
      cancelLabel={t('common:common.cancel')}
      busy={isSubmitting}
      problem={formError ? <Alert kind="error">{formError}</Alert> : undefined}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
    >
      <TextField
        label={t('terminals.fields.name')}
        hint={t('terminals.hints.name')}
        required
        autoComplete="off"
        maxLength={DEVICES_LIMITS.terminalNameMax}
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label={t('terminals.fields.location')}
        hint={terminal ? t('terminals.hints.move') : t('terminals.hints.location')}
        required
        placeholder={t('common.chooseLocation')}
        options={options}
        error={errors.locationId?.message}
        {...register('locationId', { setValueAs: locationValue })}
      />
    </FormDialog>
  );
}
