import { PageHeader } from '../components/page-header';

/** A page frame with its German title, until the page's own feature fills it. */
export function TitledPage({ title, description }: { title: string; description?: string }) {
  return <PageHeader title={title} description={description} />;
}
