import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './password-input';

/** One box of the group: its id, label, error and react-hook-form registration. */
export type PasswordBox = {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
};

/**
 * The password boxes of every form that sets a password (sign-up, reset, account and admin
 * settings): the current one when the change asks for it, the new one and its confirmation,
 * each with show/hide, and an optional hint under them. The autocomplete values tell password
 * managers which box to fill with the saved password and which to offer a new one for.
 */
export function PasswordChangeFields({
  current,
  password,
  confirm,
  hint,
}: {
  current?: PasswordBox;
  password: PasswordBox;
  confirm: PasswordBox;
  hint?: string;
}) {
  return (
    <>
      {current ? <PasswordField {...current} autoComplete="current-password" /> : null}
      <PasswordField {...password} autoComplete="new-password" />
      <PasswordField {...confirm} autoComplete="new-password" />
      {hint ? <p className="-mt-2 text-xs text-muted-foreground">{hint}</p> : null}
    </>
  );
}
