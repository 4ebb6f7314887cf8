import { useStore } from '@nanostores/react';
import { fetchFaq } from '../../api/content.ts';
import { $lang } from '../../stores/lang.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';

export function FaqPage() {
  const lang = useStore($lang);
  const faq = useResource(fetchFaq, [lang]);
  return (
    <ResourceView resource={faq}>
      {(items) => (
        <div class="list faq">
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
