import { z } from 'zod';
import {
  emailField,
  passwordField,
  phoneField,
  registerFieldsSchema,
  registerRules,
} from '#common/auth';

/** Sign-in form: the chosen tab decides which identifier is required (spec, login). */
export const loginFormSchema = z
  .object({
    method: z.enum(['email', 'phone']),
    email: z.string(),
    phone: z.string(),
    password: z.string().min(1, { error: 'passwordRequired' }),
  })
  .superRefine((form, ctx) => {
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
  });
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

/** Forgot password form: the body's address, with "Email is required" for an empty box. */
export const forgotPasswordFormSchema = z.object({
  email: z.string().trim().min(1, { error: 'emailRequired' }).pipe(emailField),
});
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;
