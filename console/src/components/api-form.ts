// Forms that never lose what was typed: a failed save keeps every value, puts the service's
// validation details next to their fields and says the rest in one message above the form.
import { useState } from 'react';
import { ApiError, type ErrorDetail } from '../api/client';

/** Service field paths ("schedule.weeklyHours[0].start", "customer.name") → form paths ("schedule.weeklyHours.0.start"). */
export function formPath(field: string): string {
  return field.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

export interface FormErrorState {
  /** A message for the whole form (no field of it could carry the error), or null. */
  message: string | null;
  set(error: unknown, form?: { setErrors(errors: Record<string, string>): void }, knownFields?: string[]): void;
  clear(): void;
}

/** Splits an ApiError into field errors (shown by the inputs) and a form-level message. */
export function useFormError(): FormErrorState {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    set(error, form, knownFields) {
      if (!(error instanceof ApiError)) {
        setMessage(error instanceof Error ? error.message : 'Something went wrong.');
        return;
      }
      const fieldErrors: Record<string, string> = {};
      const rest: ErrorDetail[] = [];
      for (const d of error.details) {
        const path = formPath(d.field);
        if (form && (!knownFields || knownFields.some((f) => path === f || path.startsWith(`${f}.`)))) fieldErrors[path] = d.message;
        else rest.push(d);
      }
      if (form && Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
      const extra = rest.map((d) => `${d.field}: ${d.message}`).join('; ');
      const summary = Object.keys(fieldErrors).length && !extra ? 'Please correct the highlighted fields.' : error.message;
      setMessage(extra ? `${summary} (${extra})` : summary);
    },
  };
}
