import { Download, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, SectionCardHeader } from '../../../components/ui/card.js';
import { EXPORT_URL } from '../api/account.js';
import { DeleteAccountDialog } from './delete-account-dialog.js';

/** One's own data (decision 008): download it all as one file, or delete the account. */
export function YourDataCard() {
  return (
    <Card>
      <SectionCardHeader
        icon={ShieldCheck}
        iconClassName="text-primary-700"
        title="Your Data"
        description="Download everything LittleLoop holds about you as one file, or delete your account."
      />
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={EXPORT_URL} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <DeleteAccountDialog />
      </CardContent>
    </Card>
  );
}
