import {
  apiPaths,
  type CompleteProfileForm,
  type ProfileForm,
  type ProfileUser,
  profileResponseSchema,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useAccountActions } from '../../../lib/account-state';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/auth/profile with the profile page's snake_case or the complete-profile page's camelCase body. */
export async function updateProfile(body: ProfileForm | CompleteProfileForm): Promise<ProfileUser> {
  const response = await apiRequest(apiPaths.accounts.profile, profileResponseSchema, {
    method: 'PUT',
    body,
  });
  return response.user;
}

/** Saves the profile and puts the answer in the account state, so every page shows it at once. */
export function useUpdateProfile() {
  const { changeProfile } = useAccountActions();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => changeProfile(() => user) });
}
