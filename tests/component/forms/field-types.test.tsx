import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStructureAtom, moduleOrderAtom, pageAtom, type FieldComponents } from '../../../engine';
import type { Field } from '../../../schemas/model';
import { ratingScale } from '../../../blocks/fields/rating';
import { allComponents, newsFields, renderForm } from './helpers';
import { seriousAxeViolations } from '../../helpers/admin-render';

let components: FieldComponents;
beforeAll(async () => {
  components = await allComponents();
});

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('text-like field types', () => {
  it('text, textarea, email, csv: typing sets the value, which is submitted', async () => {
    const { saved } = renderForm({
      components,
      fields: [
        { id: 't', key: 'name', type: 'text', label: 'Name' },
        { id: 'ta', key: 'bio', type: 'textarea', label: 'Bio' },
        { id: 'e', key: 'mail', type: 'email', label: 'Mail' },
        { id: 'c', key: 'langs', type: 'csv', label: 'Languages' },
      ],
    });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Bio'), 'Line one{Enter}Line two');
    await userEvent.type(screen.getByLabelText('Mail'), 'ann@example.org');
    await userEvent.type(screen.getByLabelText('Languages'), 'en,fr');
    expect(screen.getByLabelText('Mail')).toHaveAttribute('type', 'email');
    expect(screen.getByText('Separate values with commas')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].values).toEqual({ name: 'Ann', bio: 'Line one\nLine two', mail: 'ann@example.org', langs: 'en,fr' });
  });

  it('number: saved as an integer; year: a number input of four digits', async () => {
    const { saved } = renderForm({
      components,
      fields: [
        { id: 'n', key: 'age', type: 'number', label: 'Age' },
        { id: 'y', key: 'born', type: 'year', label: 'Born' },
      ],
    });
    await userEvent.type(screen.getByLabelText('Age'), '41.7');
    await userEvent.type(screen.getByLabelText('Born'), '1983');
    expect(screen.getByLabelText('Born')).toHaveAttribute('max', '9999');
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ age: 41, born: 1983 }));
  });

  it('date: yyyy-MM-dd, with date_after against another field (exclusive)', async () => {
    renderForm({
      components,
      data: { start: '2024-05-01' },
      fields: [
        { id: 's', key: 'start', type: 'date', label: 'Start' },
        { id: 'e', key: 'end', type: 'date', label: 'End', validation: { date_after: 'start' } },
      ],
    });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2024-05-01' } });
    expect(await screen.findByText('Must be after 2024-05-01.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2024-05-02' } });
    await waitFor(() => expect(screen.queryByText('Must be after 2024-05-01.')).toBeNull());
  });

  it('colorPicker is a colour input; icon is a select when it has options, else text', async () => {
    renderForm({
      components,
      fields: [
        { id: 'col', key: 'colour', type: 'colorPicker', label: 'Colour' },
        { id: 'i1', key: 'icon', type: 'icon', label: 'Icon', options: [{ value: 'star', label: 'Star' }] },
        { id: 'i2', key: 'icon2', type: 'icon', label: 'Other icon' },
      ],
    });
    expect(screen.getByLabelText('Colour')).toHaveAttribute('type', 'color');
    expect(screen.getByLabelText('Icon').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Other icon').tagName).toBe('INPUT');
  });
});

describe('choice field types', () => {
  const opts = [
    { value: 'b', label: 'Banana' },
    { value: '', label: '' },
    { value: 'a', label: 'Apple' },
  ];

  it('checkbox: several values; radio: one; membershipTags: tags', async () => {
    const { saved } = renderForm({
      components,
      fields: [
        { id: 'cb', key: 'fruit', type: 'checkbox', label: 'Fruit', options: opts.filter((o) => o.value) },
        { id: 'r', key: 'pick', type: 'radio', label: 'Pick', options: opts.filter((o) => o.value) },
        {
          id: 'm',
          key: 'tags',
          type: 'membershipTags',
          label: 'Tags',
          options: [
            { value: 'gold', label: 'Gold' },
            { value: 'silver', label: 'Silver' },
          ],
        },
      ],
    });
    const fruit = screen.getByRole('group', { name: 'Fruit' });
    await userEvent.click(within(fruit).getByLabelText('Apple'));
    await userEvent.click(within(fruit).getByLabelText('Banana'));
    await userEvent.click(within(screen.getByRole('group', { name: 'Pick' })).getByLabelText('Banana'));
    await userEvent.click(screen.getByLabelText('Silver'));
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ fruit: ['a', 'b'], pick: 'b', tags: ['silver'] }));
  });

  it('options: sorted, with the blank first or last by configuration', () => {
    renderForm({
      components,
      fields: [
        { id: 'o1', key: 'o1', type: 'options', label: 'First', options: opts, sort: { direction: 'asc', blankPosition: 'first' } },
        { id: 'o2', key: 'o2', type: 'options', label: 'Last', options: opts, sort: { direction: 'asc', blankPosition: 'last' } },
      ],
    });
    const labels = (name: string) =>
      within(screen.getByLabelText(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(labels('First')).toEqual(['', 'Apple', 'Banana']);
    expect(labels('Last')).toEqual(['Apple', 'Banana', '']);
  });

  it('structureSelector and dataSchemaSelector choose among their options', async () => {
    const { saved } = renderForm({
      components,
      fields: [
        { id: 's', key: 'page', type: 'structureSelector', label: 'Page', options: [{ value: 'p1', label: 'Home' }] },
        { id: 'd', key: 'schema', type: 'dataSchemaSelector', label: 'Schema', options: [{ value: 'ds1', label: 'Title' }] },
      ],
    });
    await userEvent.selectOptions(screen.getByLabelText('Page'), 'Home');
    await userEvent.selectOptions(screen.getByLabelText('Schema'), 'Title');
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ page: 'p1', schema: 'ds1' }));
  });

  it('structureSelector offers the live structure when it lists no options, and follows changes', async () => {
    const { store } = renderForm({
      components,
      fields: [
        { id: 'sp', key: 'page', type: 'structureSelector', label: 'Page' },
        { id: 'sm', key: 'module', type: 'structureSelector', label: 'Module', opts: { kind: 'module' } },
      ],
    });
    const labels = (name: string) =>
      within(screen.getByLabelText(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
    act(() => {
      store.set(moduleOrderAtom, ['m1', 'global']);
      store.set(loadStructureAtom, {
        modules: [
          { id: 'm1', slug: 'club', name: 'Club', childIds: ['p1', 'p2'] },
          { id: 'global', slug: 'global', name: 'Global', childIds: [] },
        ],
        pages: [
          { id: 'p1', slug: 'home', name: 'Home' },
          { id: 'p2', slug: 'events', name: 'Events' },
        ],
      });
    });
    expect(labels('Page').slice(1)).toEqual(['Club › Home', 'Club › Events']);
    expect(labels('Module').slice(1)).toEqual(['Club']);
    act(() => store.set(pageAtom('p2'), { id: 'p2', slug: 'events', name: 'Meet-ups' }));
    expect(labels('Page').slice(1)).toEqual(['Club › Home', 'Club › Meet-ups']);
  });

  it('rating: the scale follows start, step and length within the limits of spec 5.3', async () => {
    expect(ratingScale(undefined)).toEqual([1, 2, 3, 4, 5]);
    expect(ratingScale({ start: 0, step: 10, length: 3 })).toEqual([0, 10, 20]);
    expect(ratingScale({ start: 500, step: 0, length: 99 })).toHaveLength(20);
    expect(ratingScale({ start: 500, step: 0, length: 99 }).slice(0, 2)).toEqual([100, 101]);
    const { saved } = renderForm({ components, fields: [{ id: 'r', key: 'stars', type: 'rating', label: 'Stars' }] });
    await userEvent.click(screen.getByLabelText('4 of 5'));
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ stars: 4 }));
  });

  it('toggle is a switch', async () => {
    const { saved } = renderForm({ components, fields: [{ id: 't', key: 'news', type: 'toggle', label: 'News' }] });
    const sw = screen.getByRole('switch', { name: 'News' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(sw);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ news: true }));
  });

  it('tags: Enter adds a tag without saving; tags can be removed', async () => {
    const { saved, save: saveFn } = renderForm({ components, fields: [{ id: 'tg', key: 'skills', type: 'tags', label: 'Skills' }] });
    await userEvent.type(screen.getByLabelText('Skills'), 'react{Enter}node,');
    expect(saveFn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag react' }));
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ skills: ['node'] }));
  });

  it('i18n: one text per configured language', async () => {
    const { saved } = renderForm({ components, fields: [{ id: 'i', key: 'greeting', type: 'i18n', label: 'Greeting' }] });
    await userEvent.type(screen.getByLabelText('Text in en'), 'Hello');
    await userEvent.type(screen.getByLabelText('Text in fr'), 'Bonjour');
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ greeting: { en: 'Hello', fr: 'Bonjour' } }));
  });
});

describe('files and images', () => {
  const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

  it('files: accepted types, size limit in KB shown in MB, single unless multipleFiles, uploaded ids saved', async () => {
    const uploads: string[][] = [];
    const { saved } = renderForm({
      components,
      services: { upload: async (files) => (uploads.push(files.map((f) => f.name)), files.map((f) => `id-${f.name}`)) },
      fields: [{ id: 'f', key: 'cv', type: 'files', label: 'CV', validation: { file_types: ['pdf'], size: 2048 } }],
    });
    const input = screen.getByLabelText('CV') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'pdf');
    expect(input.multiple).toBe(false);
    expect(screen.getByText(/Maximum 2 MB per file/)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [file('cv.exe', 'application/x-msdownload', 10)] } });
    expect(await screen.findByText('cv.exe: accepted types are pdf.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [file('big.pdf', 'application/pdf', 2048 * 1024 + 1)] } });
    expect(await screen.findByText('big.pdf is larger than 2 MB.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [file('cv.pdf', 'application/pdf', 100)] } });
    await screen.findByText('id-cv.pdf');
    expect(uploads).toEqual([['cv.pdf']]);
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ cv: ['id-cv.pdf'] }));
  });

  it('files: multipleFiles allows several; an image-only field accepts image/*', () => {
    renderForm({ components, fields: [{ id: 'f', key: 'pics', type: 'files', label: 'Pictures', multipleFiles: true, opts: { imagesOnly: true } }] });
    const input = screen.getByLabelText('Pictures') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input).toHaveAttribute('accept', 'image/*');
  });

  it('imageUploader: one image, rejected above its maximum size with the limit and the size', async () => {
    renderForm({
      components,
      services: { upload: async () => ['img1'] },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar', validation: { maxFileSize: 1_048_576 } }],
    });
    const input = screen.getByLabelText('Avatar') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*');
    fireEvent.change(input, { target: { files: [file('a.png', 'image/png', 2_097_152)] } });
    expect(await screen.findByText('The file is 2 MB; the maximum is 1 MB.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [file('a.png', 'image/png', 1000)] } });
    expect(await screen.findByText('img1')).toBeInTheDocument();
  });
});

describe("the server's upload limit, the stored focal point and the read-only image (issue 16)", () => {
  it("shows the server's maximum in MB and refuses a bigger image before uploading, with the spec 8 message", async () => {
    const uploads: string[] = [];
    renderForm({
      components,
      services: { maxFileSize: async () => 3 * 1_048_576, upload: async (files) => (uploads.push(files[0].name), ['img-3']) },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar' }],
    });
    expect(await screen.findByText(/Maximum 3 MB per file/)).toBeInTheDocument();
    const input = screen.getByLabelText('Avatar') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(4 * 1_048_576)], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByText('The file is 4 MB; the maximum is 3 MB.')).toBeInTheDocument();
    expect(uploads).toEqual([]);
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2 * 1_048_576)], 'ok.png', { type: 'image/png' })] } });
    await waitFor(() => expect(uploads).toEqual(['ok.png']));
  });

  it('the field limit wins when smaller than the server; the 1 MB default holds until the server answers', async () => {
    renderForm({
      components,
      services: { maxFileSize: () => new Promise<number>(() => undefined) },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar' }],
    });
    expect(screen.getByText(/Maximum 1 MB per file/)).toBeInTheDocument();
  });

  it('the image window opens at the stored focal point', async () => {
    renderForm({
      components,
      data: { avatar: 'img-5' },
      services: { imageUrl: (id) => `/api/v1/image/${id}`, fileData: async () => ({ focalPos: { x: 20, y: 70 } }) },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar' }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit image' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Focal point 20% across, 70% down'));
  });

  it('read-only, an image field shows the picture, not its file id', () => {
    renderForm({
      components,
      options: { editable: false, alwaysEdit: false },
      data: { avatar: 'img-6' },
      services: { imageUrl: (id) => `/api/v1/image/${id}?thumb=true` },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar' }],
    });
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute('src', '/api/v1/image/img-6?thumb=true');
    expect(screen.queryByText('img-6')).toBeNull();
  });

  it('read-only, a files field lists each file by title or name, size and a media-route download link; a missing file says so', async () => {
    const stored = (id: string, name: string, size: number, title = '') => ({
      id,
      kind: 'document' as const,
      mime: 'application/pdf',
      size,
      name,
      ownerId: 'u1',
      isAsset: false,
      contextId: 'f',
      width: null,
      height: null,
      created: 1,
      data: { title, description: '', focalPos: { x: 50, y: 50 }, downloadCount: 0 },
    });
    const asked: string[][] = [];
    renderForm({
      components,
      options: { editable: false, alwaysEdit: false },
      data: { cv: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'] },
      services: {
        fileInfos: async (ids) => {
          asked.push(ids);
          return [stored(ids[0], 'cv.pdf', 2_621_440, 'My CV'), stored(ids[1], 'big.pdf', 3 * 1024 ** 3)];
        },
        fileUrl: (file) => `/api/v1/${file.kind}/${file.id}?token=t`,
      },
      fields: [{ id: 'f', key: 'cv', type: 'files', label: 'CV', multipleFiles: true }],
    });
    const list = await screen.findByRole('list', { name: 'CV' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['My CV 2.5 MB', 'big.pdf 3 GB', 'File not available']);
    expect(within(items[0]).getByRole('link', { name: 'My CV' })).toHaveAttribute('href', '/api/v1/document/11111111-1111-4111-8111-111111111111?token=t');
    expect(within(items[0]).getByRole('link', { name: 'My CV' })).toHaveAttribute('download', 'cv.pdf');
    expect(within(items[2]).queryByRole('link')).toBeNull();
    expect(screen.queryByText(/33333333/)).toBeNull();
    expect(asked).toEqual([['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333']]);
  });

  it('read-only, files that cannot be loaded say they are not available, never their ids', async () => {
    renderForm({
      components,
      options: { editable: false, alwaysEdit: false },
      data: { cv: ['44444444-4444-4444-8444-444444444444'] },
      services: { fileInfos: () => Promise.reject(new Error('offline')) },
      fields: [{ id: 'f', key: 'cv', type: 'files', label: 'CV' }],
    });
    const list = await screen.findByRole('list', { name: 'CV' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('File not available');
    expect(screen.queryByText(/44444444/)).toBeNull();
  });
});

describe('image uploader inline (spec 4.8, issue 35 item 3)', () => {
  it('edited, the field shows the picture with its focal point, zoom and live previews by ratio; the point is saved with the file data', async () => {
    const savedData: unknown[] = [];
    renderForm({
      components,
      data: { avatar: 'img-11' },
      services: {
        imageUrl: (id) => `/api/v1/image/${id}`,
        fileData: async () => ({ focalPos: { x: 30, y: 40 } }),
        saveFileData: async (id, data) => void savedData.push({ id, data }),
      },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar', opts: { ratios: ['1:1', '16:9'] } }],
    });
    const editor = screen.getByRole('region', { name: 'Image: Avatar' });
    // One picture of her: the editor's, no second thumbnail in the picker's list.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Avatar']);
    const canvas = within(editor).getByRole('application');
    await waitFor(() => expect(canvas).toHaveAccessibleName('Focal point 30% across, 40% down'));
    expect(within(editor).getByRole('button', { name: 'Save the focal point' })).toBeDisabled();
    canvas.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowDown}');
    expect(canvas).toHaveAccessibleName('Focal point 29% across, 41% down');
    const previews = within(editor).getAllByRole('listitem', { name: /^Preview / });
    expect(previews.map((li) => li.getAttribute('aria-label'))).toEqual(['Preview 1:1', 'Preview 16:9']);
    expect(previews[0].querySelector('img')).toHaveStyle({ objectPosition: '29% 41%' });
    fireEvent.change(within(editor).getByRole('slider', { name: /^Zoom/ }), { target: { value: '2' } });
    expect(within(editor).getByRole('img', { name: 'Avatar' }).closest('.t-image-window__frame')).toHaveStyle({ transform: 'scale(2)' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Save the focal point' }));
    await waitFor(() => expect(within(editor).getByRole('status')).toHaveTextContent('Focal point saved.'));
    expect(savedData).toEqual([{ id: 'img-11', data: { focalPos: { x: 29, y: 41 } } }]);
    expect(within(editor).getByRole('button', { name: 'Save the focal point' })).toBeDisabled();
    expect(await seriousAxeViolations()).toEqual([]);
    await userEvent.click(within(editor).getByRole('button', { name: 'Remove the picture' }));
    expect(screen.queryByRole('region', { name: 'Image: Avatar' })).toBeNull();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('read-only, no editor: the picture only', () => {
    renderForm({
      components,
      options: { editable: false, alwaysEdit: false },
      data: { avatar: 'img-12' },
      services: { imageUrl: (id) => `/api/v1/image/${id}` },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar' }],
    });
    expect(screen.queryByRole('region', { name: 'Image: Avatar' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Avatar' })).toBeInTheDocument();
  });
});

describe('image uploader window (spec 4.8)', () => {
  it('edits the focal point by keyboard, previews ratios with custom ratio checks, saves, and closes with Escape', async () => {
    const savedData: unknown[] = [];
    let finishSave!: () => void;
    renderForm({
      components,
      data: { avatar: 'img-7' },
      services: {
        imageUrl: (id) => `/api/v1/image/${id}`,
        saveFileData: (id, data) => (savedData.push({ id, data }), new Promise<void>((r) => (finishSave = r))),
      },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar' }],
    });
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute('src', '/api/v1/image/img-7');
    await userEvent.click(screen.getByRole('button', { name: 'Edit image' }));
    expect(screen.getByRole('dialog', { name: 'Image: Avatar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set focal point' }));
    const canvas = screen.getByRole('application');
    canvas.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Focal point 52% across, 49% down');

    await userEvent.click(screen.getByRole('button', { name: 'Previews' }));
    expect(screen.getAllByRole('listitem', { name: /^Preview / }).map((li) => li.getAttribute('aria-label'))).toEqual([
      'Preview 5:4',
      'Preview 4:3',
      'Preview 16:9',
      'Preview 21:9',
    ]);
    await userEvent.type(screen.getByLabelText('Width'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add ratio' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter both a width and a height.');
    await userEvent.clear(screen.getByLabelText('Width'));
    await userEvent.type(screen.getByLabelText('Width'), '32');
    await userEvent.type(screen.getByLabelText('Height'), '18');
    await userEvent.click(screen.getByRole('button', { name: 'Add ratio' }));
    expect(within(screen.getByRole('dialog')).getAllByRole('status').at(-1)).toHaveTextContent('This ratio already exists.');
    await userEvent.clear(screen.getByLabelText('Width'));
    await userEvent.clear(screen.getByLabelText('Height'));
    await userEvent.type(screen.getByLabelText('Width'), '3');
    await userEvent.type(screen.getByLabelText('Height'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add ratio' }));
    expect(screen.getByRole('listitem', { name: 'Preview 3:1' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Previews per row'), '2');

    await userEvent.click(screen.getByRole('button', { name: 'Save image settings' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(savedData).toEqual([{ id: 'img-7', data: { focalPos: { x: 52, y: 49 } } }]);
    act(() => finishSave());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('image uploader options, zoom and upload progress (spec 3, 4.8, 9)', () => {
  it("the field's opts choose the preview ratios, previews per row and turn focal-point editing off; zoom goes from 1 to 10 times", async () => {
    renderForm({
      components,
      data: { avatar: 'img-8' },
      services: { imageUrl: (id) => `/api/v1/image/${id}` },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar', opts: { ratios: ['1:1', '3:2'], previewsPerRow: 3, focalPoint: false } }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit image' }));
    expect(screen.queryByRole('button', { name: 'Set focal point' })).toBeNull();
    const zoom = screen.getByRole('slider', { name: /^Zoom/ });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '10');
    fireEvent.change(zoom, { target: { value: '4' } });
    expect(screen.getByRole('slider', { name: 'Zoom (4×)' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'Avatar' }).closest('.t-image-window__frame')).toHaveStyle({ transform: 'scale(4)' });
    await userEvent.click(screen.getByRole('button', { name: 'Previews' }));
    expect(screen.getAllByRole('listitem', { name: /^Preview / }).map((li) => li.getAttribute('aria-label'))).toEqual(['Preview 1:1', 'Preview 3:2']);
    expect(screen.getByLabelText('Previews per row')).toHaveValue('3');
  });

  it('shows the share uploaded while the bytes go out; the maximum size comes from the Image options', async () => {
    let report!: (fraction: number) => void;
    let finish!: (ids: string[]) => void;
    renderForm({
      components,
      services: {
        upload: (_files, _field, onProgress) =>
          new Promise<string[]>((resolve) => {
            report = onProgress!;
            finish = resolve;
          }),
      },
      fields: [{ id: 'im', key: 'avatar', type: 'imageUploader', label: 'Avatar', opts: { image: { maxFileSize: 1_048_576 } } }],
    });
    const input = screen.getByLabelText('Avatar') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2_097_152)], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByText('The file is 2 MB; the maximum is 1 MB.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(report).toBeTypeOf('function'));
    act(() => report(0.42));
    expect(await screen.findByRole('progressbar', { name: 'Uploading…' })).toHaveAttribute('value', '42');
    await act(async () => finish(['img-9']));
    expect(await screen.findByText('img-9')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading…' })).toBeNull());
  });
});

describe('structural field types', () => {
  it('heading and paragraph show text and are never submitted', async () => {
    const { saved } = renderForm({
      components,
      options: { skipDirtyCheck: true },
      fields: [
        { id: 'h', key: 'h', type: 'heading', label: 'About you' },
        { id: 'p', key: 'p', type: 'paragraph', label: 'p', opts: { text: '<b>Plain</b> text' } },
        { id: 't', key: 'name', type: 'text', label: 'Name' },
      ],
    });
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
    expect(screen.getByText('<b>Plain</b> text')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ name: undefined }));
  });

  it('group shows its children under a legend', () => {
    renderForm({
      components,
      fields: [
        { id: 'g', key: 'g', type: 'group', label: 'Address', childIds: ['c'] },
        { id: 'c', key: 'city', type: 'text', label: 'City' },
      ],
    });
    expect(within(screen.getByRole('group', { name: 'Address' })).getByLabelText('City')).toBeInTheDocument();
  });

  it('geoLocation is edited but excluded from the submission', async () => {
    const { saved } = renderForm({
      components,
      fields: [
        { id: 'g', key: 'where', type: 'geoLocation', label: 'Where' },
        { id: 't', key: 'name', type: 'text', label: 'Name' },
      ],
    });
    await userEvent.type(screen.getByLabelText('Latitude'), '51.5');
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ name: 'x' }));
  });

  it('conditional reveals its children when rules match form data, and hides them again', async () => {
    renderForm({
      components,
      fields: newsFields({ type: 'email' }),
    });
    expect(screen.queryByLabelText('News email')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'News' }));
    expect(screen.getByLabelText('News email')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'News' }));
    expect(screen.queryByLabelText('News email')).toBeNull();
  });

  it('conditional rules read profile and entity data too', () => {
    const cond = (id: string, kind: 'field' | 'entityField', subject: string): Field => ({
      id,
      key: id,
      type: 'conditional',
      childIds: [`${id}-child`],
      rules: { logicalOperator: 'all', rules: [{ kind, subject, operator: 'equals', value: 'yes' }] },
    });
    renderForm({
      components,
      ruleContext: { profile: { accountId: 'a', data: { profile: { member: 'yes' }, meta: {} } }, entity: { id: 'e', title: 'E', data: { open: 'no' } } },
      fields: [
        cond('p', 'field', 'member'),
        { id: 'p-child', key: 'pc', type: 'text', label: 'Profile child' },
        cond('en', 'entityField', 'open'),
        { id: 'en-child', key: 'ec', type: 'text', label: 'Entity child' },
      ],
    });
    expect(screen.getByLabelText('Profile child')).toBeInTheDocument();
    expect(screen.queryByLabelText('Entity child')).toBeNull();
  });

  it('repeater: add, edit label, mark deleted (restorable), deleted and empty items pruned on submit', async () => {
    const { saved } = renderForm({
      components,
      data: { jobs: [{ role: 'Chair' }, { role: 'Treasurer' }] },
      fields: [
        { id: 'r', key: 'jobs', type: 'repeater', label: 'Jobs', childIds: ['role'] },
        { id: 'role', key: 'role', type: 'text', label: 'Role' },
      ],
    });
    const items = () => within(screen.getByRole('group', { name: 'Jobs' })).getAllByRole('listitem');
    expect(items()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Item 1' }));
    expect(within(items()[0]).getByText('Removed; will be deleted on save')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore Item 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Item 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(items()).toHaveLength(4);
    await userEvent.type(within(items()[2]).getByLabelText('Role'), 'Secretary');
    await userEvent.type(within(items()[2]).getByLabelText('Item label'), 'Board');
    await save();
    await waitFor(() => expect(saved[0]?.values).toEqual({ jobs: [{ role: 'Treasurer' }, { role: 'Secretary', label: 'Board' }] }));
    expect(items()).toHaveLength(2);
  });
});

describe('wysiwyg', () => {
  it('read-only shows sanitised HTML (scripts and handlers stripped)', () => {
    const { container } = renderForm({
      components,
      options: { alwaysEdit: false },
      data: { body: '<p>Hi <strong>there</strong><img src=x onerror="alert(1)"><script>alert(2)</script></p>' },
      fields: [{ id: 'w', key: 'body', type: 'wysiwyg', label: 'Body' }],
    });
    expect(container.querySelector('strong')).toHaveTextContent('there');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  beforeAll(() => {
    // jsdom has no layout; ProseMirror asks for rectangles when it scrolls the selection into view.
    const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= noRects;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
    document.elementFromPoint ??= () => null;
  });

  it('editing loads the tiptap editor with the toolbar preset, and edits set the value', async () => {
    const { saved } = renderForm({
      components,
      data: { body: '<p>Hello</p>' },
      fields: [{ id: 'w', key: 'body', type: 'wysiwyg', label: 'Body', opts: { toolbar: 'min' } }],
    });
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' }, { timeout: 5000 });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bold', 'Italic', 'Link']);
    const editor = screen.getByRole('textbox', { name: 'Body' });
    expect(editor).toHaveTextContent('Hello');
    // tiptap exposes its editor on the editable element; edit through its commands (jsdom cannot type into contenteditable).
    const tiptap = (editor as HTMLElement & { editor: { commands: { selectAll(): void; toggleBold(): void; insertContent(text: string): void } } }).editor;
    act(() => {
      tiptap.commands.selectAll();
      tiptap.commands.toggleBold();
    });
    await save();
    await waitFor(() => expect(saved[0]?.values.body).toBe('<p><strong>Hello</strong></p>'));
  });

  it('the image button uploads one image (5 MB at most, said in MB), shows it with the media token and stores it without', async () => {
    const id = '0d3e0000-0000-4000-8000-0000000000f1';
    const uploads: { names: string[]; imagesOnly: unknown }[] = [];
    const { saved } = renderForm({
      components,
      data: { body: '<p>Look</p>' },
      services: {
        upload: async (files, field) => (uploads.push({ names: files.map((f) => f.name), imagesOnly: field.opts?.imagesOnly }), [id]),
        imageUrl: (fileId) => `/api/v1/image/${fileId}?token=tok&thumb=true&width=300`,
      },
      fields: [{ id: 'w', key: 'body', type: 'wysiwyg', label: 'Body', opts: { toolbar: 'full' } }],
    });
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' }, { timeout: 5000 });
    expect(within(toolbar).getByRole('button', { name: 'Image' })).toBeInTheDocument();
    expect(screen.getByText('Image button: one image at a time, up to 5 MB.')).toBeInTheDocument();
    const picker = document.querySelector<HTMLInputElement>('.t-rich-text input[type="file"]')!;
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(picker.multiple).toBe(false);

    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(6 * 1_048_576)], 'huge.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is 6 MB; the maximum is 5 MB.');
    expect(uploads).toEqual([]);

    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(1000)], 'bench.png', { type: 'image/png' })] } });
    await waitFor(() => expect(uploads).toEqual([{ names: ['bench.png'], imagesOnly: true }]));
    const shown = await waitFor(() => screen.getByRole('textbox', { name: 'Body' }).querySelector('img')!);
    expect(shown.getAttribute('src')).toBe(`/api/v1/image/${id}?token=tok&thumb=true&width=300`);
    expect(shown).toHaveAttribute('alt', 'bench');
    await save();
    await waitFor(() => expect(saved[0]?.values.body).toContain(`<img src="/api/v1/image/${id}" alt="bench">`));
    expect(saved[0].values.body).not.toContain('token');
  });

  it('the image button is not there without an upload service, nor in the markdownWithoutImages preset', async () => {
    renderForm({
      components,
      services: { upload: async () => ['x'], imageUrl: (fileId) => `/api/v1/image/${fileId}` },
      fields: [{ id: 'w', key: 'body', type: 'wysiwyg', label: 'Body', opts: { toolbar: 'markdownWithoutImages' } }],
    });
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' }, { timeout: 5000 });
    expect(within(toolbar).queryByRole('button', { name: 'Image' })).toBeNull();
  });
});
