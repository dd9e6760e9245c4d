import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, TIMINGS } from '../../../../common/limits.js';
import type { UpdateProfileInput } from '../../../../common/schemas/users.js';
import { toast } from '../../../components/ui/toast.js';
import { ApiError, api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { authKeys } from '../../auth/api/current-user.js';
import { userKeys } from '../../../lib/query-keys.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';

/**
 * PUT /api/auth/user. The answer becomes the current user at once, so the header and the
 * profile show the new name without another read. Toasts per PRODUCT §8.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.put<CurrentUser>('/api/auth/user', input),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      void queryClient.invalidateQueries({ queryKey: userKeys.profile(user.id) });
      toast({ title: 'Profile updated', variant: 'success' });
    },
    onError: (error) =>
      handleApiError(error, {
        title: 'Failed to update profile. Please try again.',
        // Field errors are shown on the form itself; the toast keeps PRODUCT's words.
        useServerMessage: !(error instanceof ApiError && error.fieldErrors.length > 0),
      }),
  });
}

/** PRODUCT §5/§9: a profile photo is at most 5 MB; checked before anything is sent. */
export const PROFILE_IMAGE_TOO_LARGE = 'Image size must be less than 5MB.';

export function isProfileImageTooLarge(file: File): boolean {
  return file.size > LIMITS.profileImageBytes;
}

type ProfileUpload = { imageUrl: string; user?: CurrentUser };

/**
 * POST /api/upload/profile (multipart field profileImage). On success the page reloads after
 * 0.5 s (PRODUCT §2), so every avatar on it shows the new photo.
 */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('profileImage', file);
      try {
        return await api.post<ProfileUpload>('/api/upload/profile', body);
      } catch (error) {
        // PRODUCT §8: the upload's own failure reads 'Failed to upload profile image'.
        if (error instanceof ApiError && error.status >= 500) {
          throw new ApiError(error.status, 'Failed to upload profile image');
        }
        throw error;
      }
    },
    onSuccess: ({ user }) => {
      if (user) queryClient.setQueryData(authKeys.currentUser, user);
      toast({ title: 'Profile photo updated', variant: 'success' });
      window.setTimeout(() => window.location.reload(), TIMINGS.profilePhotoReloadMs);
    },
    onError: (error) =>
      handleApiError(error, {
        title: 'Failed to upload profile photo. Please try again.',
        description: 'Failed to upload profile image',
      }),
  });
}
