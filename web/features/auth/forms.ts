import { z } from 'zod';
import {
  emailField,
  type ForgotPasswordBody,
  passwordField,
  phoneField,
  registerFieldsSchema,
  registerRules,
  verifyCodeBodySchema,
} from '#common/auth';

type ContactChoice = { method: 'email' | 'phone'; email: string; phone: string };

/** The Email / Phone tabs' rule: the chosen tab's address or number is required and checked. */
function requireChosenContact(form: ContactChoice, ctx: z.RefinementCtx): void {
  const field = form.method === 'email' ? emailField : phoneField;
  const value = form.method === 'email' ? form.email : form.phone;
  if (!value.trim()) {
    const message = form.method === 'email' ? 'emailRequired' : 'phoneRequired';
    ctx.addIssue({ code: 'custom', path: [form.method], message });
    return;
  }
  const result = field.safeParse(value);
  if (!result.success) {
    ctx.addIssue({
      code: 'custom',
      path: [form.method],
      message: result.error.issues[0]!.message,
    });
  }
}

const contactChoice = {
  method: z.enum(['email', 'phone']),
  email: z.string(),
  phone: z.string(),
};

/** Sign-in form: the chosen tab decides which identifier is required (spec, login). */
export const loginFormSchema = z
  .object({ ...contactChoice, password: z.string().min(1, { error: 'passwordRequired' }) })
  .superRefine(requireChosenContact);
export type LoginForm = z.input<typeof loginFormSchema>;

/** Sign-up form: the API's fields and rules, plus the confirmation (spec, register). */
export const registerFormSchema = registerFieldsSchema
  .extend({ confirmPassword: z.string() })
  .superRefine((form, ctx) => {
    registerRules(form, ctx);
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDoNotMatch' });
    }
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

/** Reset password form: the body's rules without the token, which comes from the link. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string().min(1, { error: 'confirmPasswordRequired' }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDoNotMatch',
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/**
 * Forgot password form: the Email or Phone tab's value (issue 34), sent as the API's body
 * (`{ email }` in its stored form, or `{ phone }`).
 */
export const forgotPasswordFormSchema = z
  .object(contactChoice)
  .superRefine(requireChosenContact)
  .transform((form): ForgotPasswordBody =>
    form.method === 'email'
      ? { email: emailField.parse(form.email) }
      : { phone: form.phone.trim() },
  );
export type ForgotPasswordFormInput = z.input<typeof forgotPasswordFormSchema>;
export type ForgotPasswordFormOutput = z.output<typeof forgotPasswordFormSchema>;

/** The second step of a reset by phone: the texted code and the new password, twice. */
export const phoneResetFormSchema = z
  .object({
    code: verifyCodeBodySchema.shape.code,
    password: passwordField,
    confirmPassword: z.string().min(1, { error: 'confirmPasswordRequired' }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDoNotMatch',
  });
export type PhoneResetForm = z.input<typeof phoneResetFormSchema>;
