import type { AnswerOf, MessageAnswer } from '@shop/shared/common/contract';
import type { printingRoutes } from '@shop/shared/printing/routes';
import type { AgentDto, PrintAllNewResult, PrinterDto, PrinterRole, PrintJobDto } from '@shop/shared/printing/schemas';
import type { PrintSpeeds } from '@shop/shared/printing/speeds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AgentDto, PrinterDto, PrintJobDto };

/** Job states move on their own (the printer): the live stream refreshes them at once, this is the fallback. */
const ACTIVE_POLL_MS = 3_000;
const IDLE_POLL_MS = 15_000;
const ACTIVE = new Set(['queued', 'sent', 'submitted', 'printing']);

export const printJobsKey = ['print-jobs'] as const;

export const printJobsQueryOptions = (orderIds: number[]) =>
  queryOptions({
    queryKey: [...printJobsKey, [...orderIds].sort((a, b) => a - b).join(',')],
    queryFn: () => api<PrintJobDto[]>('/api/print/jobs', { query: { orders: orderIds.join(',') } }),
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
    queryFn: () => api<PrinterDto[]>('/api/print/printers'),
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
      api<PrintJobDto>(`/api/print/orders/${orderId}`, { method: 'POST', body: { again: !!again } }),
    onSettled: refresh,
  });
}

export function usePrintAllNew() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: () => api<PrintAllNewResult>('/api/print/new', { method: 'POST', body: {} }),
    onSettled: refresh,
  });
}

export type JobAction = 'retry' | 'backs' | 'cancel' | 'confirm';
export function useJobAction() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ jobId, action }: { jobId: number; action: JobAction }) =>
      api<PrintJobDto>(`/api/print/jobs/${jobId}/${action}`, { method: 'POST', body: {} }),
    onSettled: refresh,
  });
}

/** The ticket sheet as a PDF the browser opens in a new tab (where it can be printed). */
export const ticketUrl = (orderId: number) => `/api/print/orders/${orderId}/ticket`;

// ---- Admin: agents and printers
export const agentsKey = ['print-agents'] as const;
export const useAgents = () =>
  useQuery({
    queryKey: agentsKey,
    queryFn: () => api<AgentDto[]>('/api/admin/print/agents'),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });

export function useAgentMutations() {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: agentsKey });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        api<AnswerOf<typeof printingRoutes.addAgent, 201>>('/api/admin/print/agents', {
          method: 'POST',
          body: { name },
        }),
      onSettled: done,
    }),
    replaceToken: useMutation({
      mutationFn: (id: number) =>
        api<AnswerOf<typeof printingRoutes.newToken>>(`/api/admin/print/agents/${id}/token`, {
          method: 'POST',
          body: {},
        }),
      onSettled: done,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => api<MessageAnswer>(`/api/admin/print/agents/${id}/token`, { method: 'DELETE' }),
      onSettled: done,
    }),
    addDirect: useMutation({
      mutationFn: ({ agentId, name, uri }: { agentId: number; name: string; uri: string }) =>
        api<PrinterDto>(`/api/admin/print/agents/${agentId}/printers`, { method: 'POST', body: { name, uri } }),
      onSettled: done,
    }),
    removeDirect: useMutation({
      mutationFn: (id: number) => api<MessageAnswer>(`/api/admin/print/printers/${id}`, { method: 'DELETE' }),
      onSettled: done,
    }),
    setRole: useMutation({
      mutationFn: ({ id, role }: { id: number; role: PrinterRole | null }) =>
        api<PrinterDto>(`/api/admin/print/printers/${id}`, { method: 'PATCH', body: { role } }),
      onSettled: done,
    }),
  };
}

/** How fast each kind of printer works (the admin's Printers page; the due time counts with them). */
export const printSpeedsKey = ['print-speeds'] as const;
export const usePrintSpeeds = () =>
  useQuery({ queryKey: printSpeedsKey, queryFn: () => api<PrintSpeeds>('/api/admin/print/speeds'), staleTime: 30_000 });
export function useSetPrintSpeeds() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (speeds: PrintSpeeds) => api<PrintSpeeds>('/api/admin/print/speeds', { method: 'PUT', body: speeds }),
    onSuccess: (saved) => qc.setQueryData(printSpeedsKey, saved),
  });
}
