// One-time links: verify the e-mail address, ask for a password reset, set the new password.
import { useMutation } from '@tanstack/react-query';
import type {
  AuthUserResponse,
  LinkSentResponse,
  PasswordResetRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '../../../../contracts/auth';
import { apiRequest } from '../../../lib/api';

export async function verifyEmail(body: VerifyEmailRequest): Promise<AuthUserResponse> {
  return (await (await apiRequest('POST', '/api/auth/verify-email', body)).json()) as AuthUserResponse;
}

export async function requestPasswordReset(body: PasswordResetRequest): Promise<LinkSentResponse> {
  return (await (await apiRequest('POST', '/api/auth/password-reset', body)).json()) as LinkSentResponse;
}

export async function resetPassword(body: ResetPasswordRequest): Promise<AuthUserResponse> {
  return (await (await apiRequest('POST', '/api/auth/reset-password', body)).json()) as AuthUserResponse;
}

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
