import { MapPin, Phone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PhoneInput } from '@/components/ui/phone-input';
import { groupIndianMobile, normaliseIndianMobile } from '@shop/shared/common/mobile';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { localizeMessage } from '@/lib/i18n/messages';
import { useProfileText } from '../texts';
import { useDeleteAddress, useSaveMobile, useSavedDetails } from '../api';

/** Profile: the mobile number and delivery addresses the order wizard offers (kept from paid orders). */
export function SavedDetailsCard() {
  const t = useProfileText();
  const { data } = useSavedDetails();
  const saveMobile = useSaveMobile();
  const deleteAddress = useDeleteAddress();
  const [mobile, setMobile] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (!data) return null;
  const value = mobile ?? groupIndianMobile(data.mobileNumber);
  const unchanged = normaliseIndianMobile(value) === (data.mobileNumber ?? '');
  const save = async () => {
    try {
      await saveMobile.mutateAsync(value.trim() && normaliseIndianMobile(value));
      setError(undefined);
      setMobile(null);
      toast({ title: t('mobileSaved'), variant: 'success' });
    } catch (err) {
      setError(errorMessage(err, localizeMessage('Please enter a valid Indian mobile number')));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('savedTitle')}</CardTitle>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('savedText')}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field
              id="savedMobile"
              label={
                <span className="inline-flex items-center gap-1">
                  <Phone className="h-4 w-4" aria-hidden /> {t('mobile')}
                </span>
              }
              error={error}
            >
              <PhoneInput value={value} onChange={(e) => setMobile(e.target.value)} />
            </Field>
          </div>
          <Button variant="outline" disabled={saveMobile.isPending || unchanged} onClick={() => void save()}>
            {t('saveNumber')}
          </Button>
        </div>
        <div>
          <p className="mb-2 text-sm font-medium">{t('addresses')}</p>
          {data.addresses.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('noAddresses')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {data.addresses.map((a) => (
                <li
                  key={a.id}
                  className="flex items-start justify-between gap-3 p-3 text-sm"
                  data-testid="saved-address"
                >
                  <p className="flex min-w-0 gap-1.5">
                    <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                    <span className="break-words">
                      {a.doorNumber}, {a.address}
                      {a.landmark ? `, ${a.landmark}` : ''}, {a.pincode} · {groupIndianMobile(a.mobileNumber)}
                    </span>
                  </p>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('deleteAddress', { address: `${a.doorNumber}, ${a.address}` })}
                    onClick={() =>
                      deleteAddress.mutate(a.id, {
                        onError: (err) =>
                          toast({
                            title: t('couldNotDelete'),
                            description: errorMessage(err, t('tryAgain')),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
