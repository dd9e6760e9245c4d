import { useMutation } from '@tanstack/react-query';
import type { ReportUserInput } from '../../../../common/schemas/users.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';

/** POST /api/users/report. Toasts per PRODUCT §8: 'User reported' / 'Error reporting user'. */
export function useReportUser() {
  return useMutation({
    mutationFn: (input: Pick<ReportUserInput, 'userId' | 'reason'>) => api.post('/api/users/report', input),
    onSuccess: () => toast({ title: 'User reported', variant: 'success' }),
    onError: (error) => handleApiError(error, { title: 'Error reporting user' }),
  });
}

/** POST /api/items/{id}/report: a listing to the administrators, with a reason. */
export function useReportItem(itemId: number) {
  return useMutation({
    mutationFn: (reason: string) => api.post(`/api/items/${itemId}/report`, { reason }),
    onSuccess: () => toast({ title: 'Listing reported', variant: 'success' }),
    onError: (error) => handleApiError(error, { title: 'Error reporting listing' }),
  });
}
