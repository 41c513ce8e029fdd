import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, FullScreenSpinner } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { testStorage, testUpload, uploadFile, type StorageTestResult } from '@/features/storage/api';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/toast';

/** /storage-test: checks the configured storage (local folder or S3) from the browser. */
export default function StorageTestPage() {
  const { data: user, isPending } = useUser();
  const [result, setResult] = useState<unknown>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  if (isPending) return <FullScreenSpinner />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Please Sign In</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">You need to be signed in to access this page.</p>
        <Link to={paths.login} className={buttonClass('default', 'default', 'mt-6')}>Go to Sign In</Link>
      </div>
    );
  }

  const report = (res: StorageTestResult, ok: string, failed: string, okText: string, failedText: string) => {
    setResult(res);
    toast(res.success ? { title: ok, description: res.message || okText } : { title: failed, description: res.message || failedText, variant: 'destructive' });
  };
  const fail = (err: unknown, title: string, text: string) => {
    setResult(err instanceof ApiError ? { success: false, status: err.status, message: err.message } : { success: false, message: text });
    toast({ title, description: err instanceof ApiError ? err.message : text, variant: 'destructive' });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Object Storage Test</h1>
      <Card>
        <CardContent className="flex flex-wrap gap-3 pt-5">
          <Button
            onClick={async () => {
              try {
                report(await testStorage(), 'Storage Test Successful', 'Storage Test Failed', 'Object Storage connection is working properly', 'Failed to connect to Object Storage');
              } catch (err) {
                fail(err, 'Test Failed', 'An error occurred while testing Object Storage');
              }
            }}
          >
            Test Storage Connection
          </Button>
          <Button
            variant="outline"
            onClick={async () => {
              try {
                report(await testUpload(), 'Upload Test Successful', 'Upload Test Failed', 'Successfully uploaded test file to Object Storage', 'Failed to upload test file');
              } catch (err) {
                fail(err, 'Upload Test Failed', 'An error occurred during the direct upload test');
              }
            }}
          >
            Upload Test File
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader><CardTitle>Upload a file</CardTitle></CardHeader>
        <CardContent className="space-y-3">
          <Label htmlFor="storage-file">Select File</Label>
          <input
            id="storage-file"
            type="file"
            className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 dark:text-slate-300 dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <Button
            disabled={uploading || !file}
            onClick={async () => {
              if (!file) {
                toast({ title: 'No File Selected', description: 'Please select a file to upload', variant: 'destructive' });
                return;
              }
              setUploading(true);
              try {
                report(await uploadFile(file), 'Upload Successful', 'Upload Failed', 'File uploaded successfully', 'An error occurred while uploading the file');
              } catch (err) {
                fail(err, 'Upload Failed', 'An error occurred while uploading the file');
              } finally {
                setUploading(false);
              }
            }}
          >
            {uploading ? 'Uploading...' : 'Upload File'}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader><CardTitle>Test Results</CardTitle></CardHeader>
        <CardContent>
          <pre data-testid="storage-results" className="whitespace-pre-wrap break-words rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">{result ? JSON.stringify(result, null, 2) : 'No tests run yet.'}</pre>
        </CardContent>
      </Card>
    </div>
  );
}
