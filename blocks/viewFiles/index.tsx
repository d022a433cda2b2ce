import { useId } from 'react';
import { ConfigurationNeeded, useEngine, type BlockProps } from '../../engine/block-api';
import { FileList, useFileList } from '../../engine/react/file-list';
import type { ViewFilesOptions } from '../options.generated';

export type { ViewFilesOptions };

/**
 * Lists files: those the viewer uploaded through a files field or an uploadFile block
 * (`getFileList/{fieldId}`), or files chosen here (`getFiles`, those the viewer may see), with
 * thumbnails around each image's focal point, descriptions, sizes in MB or GB and downloads.
 */
export default function ViewFiles({ options }: BlockProps<ViewFilesOptions>) {
  const { t, services, user } = useEngine();
  const fromField = options.source === 'field';
  const titleId = useId();
  const state = useFileList(fromField ? { contextId: options.fieldId } : { ids: options.fileIds ?? [] });
  if (fromField && !options.fieldId) return <ConfigurationNeeded reason="Choose the files field (or upload block) whose files to list." />;
  if (!services.files || !user) return <p className="t-file-list t-file-list--unavailable">{t('blocks.files.unavailable')}</p>;
  const sorted = [...state.files].sort((a, b) =>
    options.sortBy === 'date' ? b.created - a.created : (a.data.title || a.name).localeCompare(b.data.title || b.name),
  );
  return (
    <section
      className="t-view-files"
      aria-labelledby={options.title ? titleId : undefined}
      aria-label={options.title ? undefined : t('blocks.files.yourFiles')}
    >
      {options.title && (
        <h2 id={titleId} className="t-file-list__title">
          {options.title}
        </h2>
      )}
      <FileList
        state={{ ...state, files: sorted }}
        files={services.files}
        layout={options.layout}
        allowDownload={options.allowDownload}
        allowDelete={(file) => fromField && file.ownerId === user.accountId}
        showThumbnails={options.showThumbnails}
        thumbnailWidth={options.thumbnailWidth}
        thumbnailRatio={options.thumbnailRatio === '1' ? '1:1' : options.thumbnailRatio === '3/2' ? '3:2' : '16:9'}
        showDescription={options.showDescription}
        imageLoading={options.imageLoading}
      />
    </section>
  );
}
