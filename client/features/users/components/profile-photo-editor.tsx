import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Camera, X } from 'lucide-react';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { toast } from '../../../components/ui/toast.js';
import {
  PROFILE_IMAGE_TOO_LARGE,
  isProfileImageTooLarge,
  useUploadProfilePhoto,
} from '../api/update-profile.js';

/**
 * PRODUCT §2: the owner changes their photo: choose a file, see a preview, Save Photo; the page
 * then reloads after 0.5 s. Files over 5 MB are refused before anything is sent (PRODUCT §5).
 */
export function ProfilePhotoEditor({ user, className }: { user: CurrentUser; className?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const upload = useUploadProfilePhoto();

  // Each preview URL is let go when it is replaced, cancelled or the editor goes away.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (isProfileImageTooLarge(chosen)) {
      toast({ title: PROFILE_IMAGE_TOO_LARGE, variant: 'destructive' });
      return;
    }
    setPreview({ file: chosen, url: URL.createObjectURL(chosen) });
  };

  const saved = upload.isSuccess;
  return (
    <div className={className}>
      <div className="flex flex-col items-center gap-3">
        <Avatar
          person={{ ...user, profileImageUrl: preview?.url ?? user.profileImageUrl }}
          size="xl"
          className="ring-4 ring-white"
        />
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onChoose}
        />
        {preview ? (
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              size="sm"
              disabled={upload.isPending || saved}
              onClick={() => upload.mutate(preview.file)}
            >
              {upload.isPending || saved ? <ButtonSpinner /> : null}
              Save Photo
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={upload.isPending || saved}
              onClick={() => setPreview(null)}
            >
              <X aria-hidden="true" />
              Cancel
            </Button>
          </div>
        ) : (
          <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
            <Camera aria-hidden="true" />
            Change Photo
          </Button>
        )}
      </div>
    </div>
  );
}
