import { useStore } from '@nanostores/react';
import { fetchFaq } from '../../api/content.ts';
import { $lang } from '../../stores/lang.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { $online } from '../../stores/network.ts';
import { AsOf } from '../../ui/as-of.tsx';
import './common.css';

export function FaqPage() {
  const lang = useStore($lang);
  const online = useStore($online);
  const faq = useResource(fetchFaq, [lang]);
  return (
    <ResourceView resource={faq}>
      {({ data: items, asOf }) => (
        <div class="list faq">
          <AsOf asOf={asOf} online={online} />
          {items.map((item) => (
            <details key={item.id} class="faq__item">
              <summary>{item.question}</summary>
              <p class="prose">{item.answer}</p>
            </details>
          ))}
        </div>
      )}
    </ResourceView>
  );
}
