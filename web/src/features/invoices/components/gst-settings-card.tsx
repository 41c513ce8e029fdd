import type { GstSettings } from '@shop/shared/gst/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { clearSignatureImage, saveSignatory, setSignatureImage, signatureImageUrl, useGstSettings } from '../api';

const STATUS = {
  unregistered: 'Not registered under GST: receipts',
  composition: 'Composition scheme: bills of supply',
  regular: 'Regular scheme: tax invoices',
} as const;

/** The authorised signatory printed on new documents (CGST Rule 46(q)): name and signature image, set by the admin. */
export function GstSettingsCard() {
  const { data } = useGstSettings();
  if (!data) return null;
  return <GstSettingsForm key={data.signatoryName ?? ''} settings={data} />;
}

function GstSettingsForm({ settings }: { settings: GstSettings }) {
  const qc = useQueryClient();
  const [name, setName] = useState(settings.signatoryName ?? '');
  const [busy, setBusy] = useState(false);
  const done = (next: GstSettings, title: string) => {
    qc.setQueryData(['admin', 'gst-settings'], next);
    toast({ title });
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      toast({
        title: 'Not saved',
        description: errorMessage(err, 'The GST settings could not be saved.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  const saveName = () => run(async () => done(await saveSignatory(name.trim() || null), 'Signatory saved'));
  const upload = (file: File) =>
    run(async () => {
      const image = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      });
      done(await setSignatureImage(image), 'Signature image saved');
    });
  const clear = () => run(async () => done(await clearSignatureImage(), 'Signature image removed'));

  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold">Bills: GST and signatory</h2>
      <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-slate-500 dark:text-slate-400">Tax status</dt>
        <dd>{STATUS[settings.status]}</dd>
        {settings.gstin && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">GSTIN</dt>
            <dd className="font-mono">{settings.gstin}</dd>
          </>
        )}
        <dt className="text-slate-500 dark:text-slate-400">SAC</dt>
        <dd>
          printing {settings.sac.printing} · photocopying {settings.sac.photocopy} · delivery{' '}
          {settings.sac.delivery === 'composite' ? 'with the printing (composite supply)' : settings.sac.delivery}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">Digital signature</dt>
        <dd>
          {settings.digitalSignature
            ? 'On: every document is signed with the shop’s certificate'
            : 'Off (set GST_SIGNING_P12 to sign documents)'}
        </dd>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        New documents print the authorised signatory below; documents already issued keep theirs.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Field id="gst-signatory" label="Authorised signatory">
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} className="sm:w-72" />
        </Field>
        <Button onClick={() => void saveName()} disabled={busy} className="h-11 sm:h-10">
          Save
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {settings.signatureImage ? (
          <img
            src={signatureImageUrl(settings.signatureImage.id)}
            alt="Signature printed on new documents"
            className="h-12 rounded border border-slate-200 bg-white p-1 dark:border-slate-700"
          />
        ) : (
          <span className="text-sm text-slate-500 dark:text-slate-400">No signature image</span>
        )}
        <label className="text-sm font-medium">
          <span className="sr-only">Signature image (PNG or JPEG, at most 200 kB)</span>
          <input
            type="file"
            accept="image/png,image/jpeg"
            disabled={busy}
            className="block text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium dark:file:border-slate-700 dark:file:bg-slate-900"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void upload(f);
            }}
          />
        </label>
        {settings.signatureImage && (
          <Button variant="outline" onClick={() => void clear()} disabled={busy}>
            Remove image
          </Button>
        )}
      </div>
    </Card>
  );
}
