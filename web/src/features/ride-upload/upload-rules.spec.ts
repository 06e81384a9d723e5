import { describe, expect, it } from '@jest/globals';
import { UploadMessages } from '@domestique/proto';
import { formatFileSize, isArchive, precheckFile, uploadExtension } from './upload-rules';

const MB = 1024 * 1024;

describe('precheckFile', () => {
  it.each([
    'ride.fit',
    'RIDE.FIT',
    'morning.gpx',
    'lunch.tcx',
    '14582164182.fit.gz',
    'track.GPX.gz',
    'ride.tcx.gz',
    'export_12345.zip',
  ])('lets %s through', (name) => {
    expect(precheckFile({ name, size: 10 * 1024 })).toBeNull();
  });

  it.each(['ride.csv', 'ride.gz', 'notes.txt', 'photo.jpg', 'fit', '.fit', 'ride.fit.zip.exe', 'ride'])(
    "refuses %s with the server's message about the extension",
    (name) => {
      expect(precheckFile({ name, size: 1024 })).toBe(UploadMessages.wrongExtension);
    },
  );

  it('refuses an activity file over 50 MB, and takes one of exactly 50 MB', () => {
    expect(precheckFile({ name: 'big.fit', size: 50 * MB + 1 })).toBe(UploadMessages.fileTooLarge);
    expect(precheckFile({ name: 'big.gpx.gz', size: 50 * MB + 1 })).toBe(UploadMessages.fileTooLarge);
    expect(precheckFile({ name: 'edge.fit', size: 50 * MB })).toBeNull();
  });

  it('lets an archive be larger than one file, up to its own limit', () => {
    expect(precheckFile({ name: 'export.zip', size: 300 * MB })).toBeNull();
    expect(precheckFile({ name: 'export.zip', size: 1024 * MB + 1 })).toBe(UploadMessages.archiveTooLarge);
  });
});

describe('uploadExtension', () => {
  it('reads the longest extension, so a gzipped FIT is not taken for a plain .gz', () => {
    expect(uploadExtension('a.fit.gz')).toBe('.fit.gz');
    expect(uploadExtension('a.tcx')).toBe('.tcx');
    expect(uploadExtension('a.gz')).toBeNull();
    expect(isArchive('Strava Export.ZIP')).toBe(true);
    expect(isArchive('a.fit')).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('says bytes, KB, MB and GB', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(768)).toBe('768 bytes');
    expect(formatFileSize(148_037)).toBe('145 KB');
    expect(formatFileSize(2_906_635)).toBe('2.8 MB');
    expect(formatFileSize(1.5 * 1024 * MB)).toBe('1.50 GB');
  });
});
