import type { AgentDto, PrinterDto, PrinterRole, PrintJobDto } from '@shop/shared/printing/schemas';
import type { PrintSpeeds } from '@shop/shared/printing/speeds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routeUrl } from '@/lib/api-client';

export type { AgentDto, PrinterDto, PrintJobDto };

/** Job states move on their own (the printer): the live stream refreshes them at once, this is the fallback. */
const ACTIVE_POLL_MS = 3_000;
const IDLE_POLL_MS = 15_000;
const ACTIVE = new Set(['queued', 'sent', 'submitted', 'printing']);

export const printJobsKey = ['print-jobs'] as const;

export const printJobsQueryOptions = (orderIds: number[]) =>
  queryOptions({
    queryKey: [...printJobsKey, [...orderIds].sort((a, b) => a - b).join(',')],
    queryFn: () => call('GET /api/print/jobs', { query: { orders: orderIds.join(',') } }),
    enabled: orderIds.length > 0,
    staleTime: 1_000,
    refetchInterval: (q) => (q.state.data?.some((j) => ACTIVE.has(j.state)) ? ACTIVE_POLL_MS : IDLE_POLL_MS),
  });

/** The newest print job of each order on screen, by order id. */
export function usePrintJobs(orderIds: number[]): Map<number, PrintJobDto> {
  const { data } = useQuery(printJobsQueryOptions(orderIds));
  return new Map((data ?? []).map((j) => [j.order_id, j]));
}

/** Printers with a role (the counter's "is printing set up" check). */
export const usePrinters = () =>
  useQuery({
    queryKey: ['printers', 'counter'],
    queryFn: () => call('GET /api/print/printers'),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

/**
 * Whether the shop prints from the queue: a print agent reported a printer and the admin gave it a role (offline for
 * now still counts: its jobs wait for it). Undefined until known. Without it the counter downloads and prints by
 * hand, so Download is the card's main action and Print is not offered (decision 039).
 */
export function usePrintingSetUp(): boolean | undefined {
  const { data, isError } = usePrinters();
  if (isError) return true;
  return data ? data.some((p) => p.role !== null) : undefined;
}

function useRefreshAfter() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: printJobsKey });
    void qc.invalidateQueries({ queryKey: ['orders'] });
  };
}

export function usePrintOrder() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ orderId, again }: { orderId: number; again?: boolean }) =>
      call('POST /api/print/orders/:id', { params: { id: orderId }, body: { again: !!again } }),
    onSettled: refresh,
  });
}

export function usePrintAllNew() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: () => call('POST /api/print/new', { body: {} }),
    onSettled: refresh,
  });
}

export type JobAction = 'retry' | 'backs' | 'cancel' | 'confirm';
export function useJobAction() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ jobId, action }: { jobId: number; action: JobAction }) =>
      call(`POST /api/print/jobs/:id/${action}`, { params: { id: jobId }, body: {} }),
    onSettled: refresh,
  });
}

/** The ticket sheet as a PDF the browser opens in a new tab (where it can be printed). */
export const ticketUrl = (orderId: number) => routeUrl('GET /api/print/orders/:id/ticket', { params: { id: orderId } });

// ---- Admin: agents and printers
export const agentsKey = ['print-agents'] as const;
export const useAgents = () =>
  useQuery({
    queryKey: agentsKey,
    queryFn: () => call('GET /api/admin/print/agents'),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });

export function useAgentMutations() {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: agentsKey });
  return {
    create: useMutation({
      mutationFn: (name: string) => call('POST /api/admin/print/agents', { body: { name } }),
      onSettled: done,
    }),
    replaceToken: useMutation({
      mutationFn: (id: number) => call('POST /api/admin/print/agents/:id/token', { params: { id }, body: {} }),
      onSettled: done,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => call('DELETE /api/admin/print/agents/:id/token', { params: { id } }),
      onSettled: done,
    }),
    addDirect: useMutation({
      mutationFn: ({ agentId, name, uri }: { agentId: number; name: string; uri: string }) =>
        call('POST /api/admin/print/agents/:id/printers', { params: { id: agentId }, body: { name, uri } }),
      onSettled: done,
    }),
    removeDirect: useMutation({
      mutationFn: (id: number) => call('DELETE /api/admin/print/printers/:id', { params: { id } }),
      onSettled: done,
    }),
    setRole: useMutation({
      mutationFn: ({ id, role }: { id: number; role: PrinterRole | null }) =>
        call('PATCH /api/admin/print/printers/:id', { params: { id }, body: { role } }),
      onSettled: done,
    }),
  };
}

/** How fast each kind of printer works (the admin's Printers page; the due time counts with them). */
export const printSpeedsKey = ['print-speeds'] as const;
export const usePrintSpeeds = () =>
  useQuery({ queryKey: printSpeedsKey, queryFn: () => call('GET /api/admin/print/speeds'), staleTime: 30_000 });
export function useSetPrintSpeeds() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (speeds: PrintSpeeds) => call('PUT /api/admin/print/speeds', { body: speeds }),
    onSuccess: (saved) => qc.setQueryData(printSpeedsKey, saved),
  });
}
