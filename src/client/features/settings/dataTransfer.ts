import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/archive';
import { urlOf } from '@shared/api/contract';
import type { ArchiveImportBody, RosterImportBody } from '@shared/schemas/archive';
import type { CsvView } from '@shared/archive/views';
import { call } from '@client/lib/api';

// Global Settings' data cards (admins): the downloads, and imports that preview before writing.

export const archiveDownloadUrl = () => urlOf(api.exportArchive);
export const csvDownloadUrl = (view: CsvView) => urlOf(api.exportCsv, { params: { view } });

export const usePreviewArchiveImport = () => useMutation({ mutationFn: (body: ArchiveImportBody) => call(api.previewArchiveImport, { body }) });
export const usePreviewRosterImport = () => useMutation({ mutationFn: (body: Omit<RosterImportBody, 'planId'>) => call(api.previewRosterImport, { body }) });

/** After an import every screen's data may have changed: everything cached is read again. */
export function useImportArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArchiveImportBody) => call(api.importArchive, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useImportRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RosterImportBody) => call(api.importRoster, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
