import { checkoutTexts } from '@portal/domain';
import { CreditCard } from 'lucide-react';
import { buttonStyles } from '../../../components/ui/button-styles';

/**
 * While a card payment awaits its Checkout: the way back to it (a page of Stripe's, so a plain link) and why it
 * matters. The server gives `checkout_url` only then.
 */
export function PayByCard({ checkoutUrl }: { checkoutUrl: string }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4">
      <a href={checkoutUrl} className={`${buttonStyles.primary} px-4 py-2 text-sm`}>
        <CreditCard aria-hidden="true" className="size-4" />
        {checkoutTexts.payByCard}
      </a>
      <p className="min-w-0 flex-1 basis-64 text-sm text-blue-950">{checkoutTexts.timeHeld}</p>
    </div>
  );
}
