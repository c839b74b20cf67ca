import type { BaseSyntheticEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { DefaultValues, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CheckField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { MessageAlert } from '../../components/message-alert.tsx';
import { nounWords, type RecordNoun } from './record-noun.ts';

/** A stored number as its field shows it: `25.5` -> '25,5', none -> ''. */
export const decimalText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

type Options<Input extends FieldValues, Output, Item extends { id: number }> = {
  /** The ids' prefix: `discount` gives `discount-code`, `discount-form-title`. */
  prefix: string;
  /** The shared schema the server checks the body with. */
  schema: z.ZodType<Output, Input>;
  /** The record being edited, or null for a new one. */
  editing: Item | null;
  /** The form's values for it, named as the server names its fields (its refusals of `bands.0.price` land on `bands`). */
  values: (editing: Item | null) => DefaultValues<Input>;
  /** The records' name: the alert's text when the server gives none, the notice once saved. */
  noun: RecordNoun;
  /** The tab's save call: a create when `id` is null, else an update. */
  save: (call: { id: number | null; body: Input }) => Promise<unknown>;
  onDone: (message: string) => void;
};

/**
 * An inline admin form's state (`InlineEditorTab`): every field checked by the shared schema, sent as typed, the
 * server's refusals on their fields and in the alert, and the tab told once it is saved.
 */
export function useInlineRecordForm<Input extends FieldValues, Output, Item extends { id: number }>(options: Options<Input, Output, Item>) {
  const { prefix, schema, editing, noun, save, onDone } = options;
  const words = nounWords(noun);
  const values = options.values(editing);
  const fields = Object.keys(values);
  const { form, field, error, busy, submit } = useServerForm(schema, values, {
    accept: (name) => (fields.includes(name.split('.')[0] ?? '') ? name : undefined),
    fallback: words.saveError,
    alertWithFields: true,
  });
  const onSubmit = submit(async () => {
    await save({ id: editing?.id ?? null, body: form.getValues() });
    onDone(editing ? words.saved : words.created);
  });
  const idOf = (name: string) => `${prefix}-${name}`;
  return { form, field, idOf, error, busy, onSubmit, onDone, active: form.register('active' as Path<Input>) };
}

type Props = {
  /** What the frame takes from `useInlineRecordForm`. */
  record: {
    idOf: (name: string) => string;
    error: string | null;
    busy: boolean;
    onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
    onDone: (message: string) => void;
    active: UseFormRegisterReturn;
  };
  title: string;
  /** The «Ativo» switch's words: where an active record is offered. */
  activeLabel: string;
  /** The record's own fields. */
  children: ReactNode;
};

/** An inline admin form's frame: its heading, the alert, the record's fields, «Ativo», «Guardar» and «Cancelar». */
export function InlineRecordForm({ record, title, activeLabel, children }: Props) {
  const { idOf, error, busy, onSubmit, onDone, active } = record;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={idOf('form-title')}>
      <h3 id={idOf('form-title')} className="h5 mb-3">
        {title}
      </h3>
      <MessageAlert message={error} variant="danger" className="mb-3" />
      {children}
      <CheckField id={idOf('active')} type="switch" label={activeLabel} registration={active} className="mb-3" />
      <div className="d-flex gap-2">
        <SubmitButton busy={busy}>Guardar</SubmitButton>
        <Button variant="outline-secondary" onClick={() => onDone('')} disabled={busy}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}
