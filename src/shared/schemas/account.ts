import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { dateTime, email, emailAddress, password6, password8, token, username } from './common.ts';

/** Compare the two passwords as soon as both are strings, even while other fields are still invalid. */
const bothGiven =
  (field: string) =>
  ({ value }: { value: unknown }) => {
    const v = value as Record<string, unknown>;
    return typeof v?.[field] === 'string' && typeof v?.confirmPassword === 'string';
  };

export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: emailAddress,
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  isVerified: z.boolean(),
  pendingEmail: z.string().nullable(),
  createdAt: dateTime,
});
export type PublicUser = z.infer<typeof publicUser>;

/** GET /user/billing: the tax number and company of the customer's last checkout, offered at the next. */
export const billingAnswer = z.object({ nif: z.string().nullable(), company: z.string().nullable() });
export type Billing = z.infer<typeof billingAnswer>;

// Unknown keys are dropped, not refused: a register body carrying isAdmin must simply not grant it.
export const registerBody = z.object({ username, email, password: password6 });
export type RegisterBody = z.infer<typeof registerBody>;

export const registerForm = registerBody
  .extend({
    confirmPassword: z.string().max(200),
    acceptTerms: z.literal(true, { error: messages.termsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: messages.passwordsDiffer,
    when: bothGiven('password'),
  });

export const loginBody = z.object({
  email,
  password: z.string({ error: messages.passwordRequired }).min(1, { error: messages.passwordRequired }).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;
export const loginAnswer = z.object({ message: z.string(), user: publicUser });

export const verifyQuery = z.object({ token });
export const emailBody = z.object({ email });
export type EmailBody = z.infer<typeof emailBody>;

export const resetBody = z.object({ token, newPassword: password8 });
/** A one-time sign-in link's secret, sent back from its landing page. */
export const signInLinkBody = z.object({ token });
export const resetForm = z
  .object({ newPassword: password8, confirmPassword: z.string().max(200) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: messages.resetPasswordsDiffer,
    when: bothGiven('newPassword'),
  });

export const profileBody = z.object({ username, email });
export type ProfileBody = z.infer<typeof profileBody>;
export const profileAnswer = publicUser.extend({ message: z.string() });

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, { error: messages.currentPasswordRequired })
    .max(200),
  newPassword: password6,
});
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().max(200) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: messages.passwordsDiffer,
    when: bothGiven('newPassword'),
  });

// Admin user form (backoffice.md §2, §5): password only on create; blank on edit keeps it.
const flags = {
  isAdmin: z.boolean().default(false),
  isBanned: z.boolean().default(false),
  isVerified: z.boolean().default(false),
};
export const createUserBody = z.object({ username, email, password: password6, ...flags });
export const updateUserBody = z.object({
  username,
  email,
  password: z.union([z.literal(''), password6]).optional(),
  ...flags,
});
export type CreateUserBody = z.input<typeof createUserBody>;
export type UpdateUserBody = z.input<typeof updateUserBody>;
export const userList = z.array(publicUser);
