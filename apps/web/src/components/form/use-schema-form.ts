import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A form's state, checked by its schema (the domain's, with the product's messages) before it is sent: the values
 * as typed (`Input`), and what the schema makes of them (`Output`), which the form sends. The server checks the same
 * schema again and names the field of each problem it finds that the browser could not (SchemaForm shows them).
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues = Input>(
  schema: ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}
