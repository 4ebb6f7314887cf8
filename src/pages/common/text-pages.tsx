import { useStore } from '@nanostores/react';
import { fetchTextPage, type TextPageKey } from '../../api/content.ts';
import { $lang } from '../../stores/lang.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { $online } from '../../stores/network.ts';
import { AsOf } from '../../ui/as-of.tsx';
import './common.css';

function TextPage({ page }: { page: TextPageKey }) {
  const lang = useStore($lang);
  const online = useStore($online);
  const text = useResource(() => fetchTextPage(page), [page, lang]);
  return (
    <ResourceView resource={text}>
      {({ data: p, asOf }) => (
        <article class="card stack">
          <AsOf asOf={asOf} online={online} />
          <h2 class="article__title">{p.title}</h2>
          <div class="prose">{p.content}</div>
        </article>
      )}
    </ResourceView>
  );
}

export const AboutUsPage = () => <TextPage page="aboutus" />;
export const ContactUsPage = () => <TextPage page="contactus" />;
export const CompliancePage = () => <TextPage page="operational_compliance" />;
