// The end of a console form: "Discard changes" once something changed (back to what was loaded,
// the error gone) and the save button, busy while saving.
import { Button } from '@mantine/core';

interface Props {
  form: { isDirty(): boolean; reset(): void };
  error: { clear(): void };
  label: string;
  saving: boolean;
  /** Defaults to "nothing changed". */
  saveDisabled?: boolean;
}

export function SaveButtons({ form, error, label, saving, saveDisabled = !form.isDirty() }: Props) {
  return (
    <>
      {form.isDirty() && <Button variant="default" onClick={() => { form.reset(); error.clear(); }}>Discard changes</Button>}
      <Button type="submit" disabled={saveDisabled} loading={saving}>{label}</Button>
    </>
  );
}
