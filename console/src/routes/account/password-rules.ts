// The service's rule for new passwords (10 to 200 characters), checked before sending, and the
// second copy that must match the first.
export const newPasswordRules = {
  newPassword: (v: string) => (v.length < 10 ? 'At least 10 characters' : v.length > 200 ? 'At most 200 characters' : null),
  repeat: (v: string, values: { newPassword: string }) => (v === values.newPassword ? null : 'The two passwords differ'),
};
