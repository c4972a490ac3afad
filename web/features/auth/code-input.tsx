import { cleanCodeInput } from '#common/auth';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

/**
 * The 6-digit code entry (spec 5): one box, digits only, six at most, with the phone's number
 * pad and the code the phone read from the message offered by autocomplete. No maxlength: it
 * would cut a pasted "123 456" before the spaces are dropped.
 */
export function CodeInput({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          name="code"
          value={value}
          onChange={(event) => onChange(cleanCodeInput(event.target.value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          disabled={disabled}
          className="h-12 text-center font-mono text-2xl tracking-[0.5em] md:text-2xl"
        />
      )}
    </FormField>
  );
}
