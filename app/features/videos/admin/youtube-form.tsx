import { Input } from "#app/components/ui/input";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { Field, RecordForm, type RecordFormInput } from "#app/features/admin/record-fields";
import { VIDEO_PAGES, youtubeSchema } from "#app/features/videos/video.schema";

export interface YoutubeFormValues {
  url: string;
  title: string;
  description: string;
  page: string;
  /** When editing: the video's edit version as the form was opened. */
  version: string;
}

export const EMPTY_YOUTUBE: YoutubeFormValues = { url: "", title: "", description: "", page: "", version: "" };

/** Add or edit a YouTube video (url, title, description, and the page it belongs to). */
export function YoutubeForm(input: RecordFormInput<YoutubeFormValues>) {
  const { values, editingId } = input;
  return (
    <RecordForm
      {...input}
      schema={youtubeSchema}
      submitLabel="Add video"
      headingId="youtube-form-heading"
      heading={editingId ? "Edit video" : "Add a YouTube video"}
    >
      {(errors) => (
        <>
          <Field
            id="url"
            label="YouTube URL"
            required
            errors={errors.url}
            hint="Paste the video's link: watch, youtu.be, Shorts and embed links all work."
          >
            {(p) => <Input {...p} type="url" inputMode="url" defaultValue={values.url} autoComplete="off" placeholder="https://www.youtube.com/watch?v=…" />}
          </Field>
          <Field id="title" label="Title" required errors={errors.title} hint="Shown on the video until it is played.">
            {(p) => <Input {...p} defaultValue={values.title} autoComplete="off" maxLength={160} />}
          </Field>
          <Field id="description" label="Description" errors={errors.description} hint="Optional; shown under the video.">
            {(p) => <Textarea {...p} defaultValue={values.description} rows={3} maxLength={2000} />}
          </Field>
          <Field id="page" label="Page" required errors={errors.page} hint="The page whose video gallery shows it, after any uploaded videos. The home page shows one video: its uploaded video if it has one, else the first YouTube video linked to it.">
            {(p) => (
              <NativeSelect {...p} defaultValue={values.page}>
                <option value="">Choose a page</option>
                {VIDEO_PAGES.map((page) => (
                  <option key={page.value} value={page.value}>
                    {page.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </>
      )}
    </RecordForm>
  );
}
