import { useState } from 'react';
import { Link } from '@/lib/router';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, FullScreenSpinner } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { testStorage, testUpload, uploadFile, type StorageTestResult } from '@/features/storage/api';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { localizeMessage } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { useStorageText } from '../../i18n/storage';

/** /storage-test: checks the configured storage (local folder or S3) from the browser. */
export default function StorageTestPage() {
  const { data: user, isPending } = useUser();
  const t = useStorageText();
  const [result, setResult] = useState<unknown>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  if (isPending) return <FullScreenSpinner />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('signIn')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t('signInText')}</p>
        <Link to={paths.login} className={buttonClass('default', 'default', 'mt-6')}>
          {t('goToSignIn')}
        </Link>
      </div>
    );
  }

  const report = (res: StorageTestResult, ok: string, failed: string, okText: string, failedText: string) => {
    setResult(res);
    toast(
      res.success
        ? { title: ok, description: localizeMessage(res.message) || okText }
        : { title: failed, description: localizeMessage(res.message) || failedText, variant: 'destructive' },
    );
  };
  const fail = (err: unknown, title: string, text: string) => {
    setResult(
      err instanceof ApiError
        ? { success: false, status: err.status, message: err.message }
        : { success: false, message: text },
    );
    toast({
      title,
      description: err instanceof ApiError ? localizeMessage(err.message) : text,
      variant: 'destructive',
    });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <Card>
        <CardContent className="flex flex-wrap gap-3 pt-5">
          <Button
            onClick={async () => {
              try {
                report(
                  await testStorage(),
                  t('storageOk'),
                  t('storageFailed'),
                  t('storageOkText'),
                  t('storageFailedText'),
                );
              } catch (err) {
                fail(err, t('testFailed'), t('testFailedText'));
              }
            }}
          >
            {t('testConnection')}
          </Button>
          <Button
            variant="outline"
            onClick={async () => {
              try {
                report(
                  await testUpload(),
                  t('uploadTestOk'),
                  t('uploadTestFailed'),
                  t('uploadTestOkText'),
                  t('uploadTestFailedText'),
                );
              } catch (err) {
                fail(err, t('uploadTestFailed'), t('uploadTestError'));
              }
            }}
          >
            {t('testUpload')}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('uploadTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <Label htmlFor="storage-file">{t('selectFile')}</Label>
          <input
            id="storage-file"
            type="file"
            className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 dark:text-slate-300 dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button
            disabled={uploading || !file}
            onClick={async () => {
              if (!file) {
                toast({ title: t('noFile'), description: t('noFileText'), variant: 'destructive' });
                return;
              }
              setUploading(true);
              try {
                report(
                  await uploadFile(file),
                  t('uploadOk'),
                  t('uploadFailed'),
                  t('uploadOkText'),
                  t('uploadFailedText'),
                );
              } catch (err) {
                fail(err, t('uploadFailed'), t('uploadFailedText'));
              } finally {
                setUploading(false);
              }
            }}
          >
            {uploading ? t('uploading') : t('upload')}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('results')}</CardTitle>
        </CardHeader>
        <CardContent>
          <pre
            data-testid="storage-results"
            className="whitespace-pre-wrap break-words rounded bg-slate-100 p-3 text-xs dark:bg-slate-800"
          >
            {result ? JSON.stringify(result, null, 2) : t('noResults')}
          </pre>
        </CardContent>
      </Card>
    </div>
  );
}
