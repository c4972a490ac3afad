import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '../testing/render';
import {
  ItemList,
  ListFailed,
  ListNote,
  ListSection,
  pageCount,
  QueryStates,
  useFilterAndPage,
  type ListQuery,
} from './list-kit';
import { ChoiceButtons } from './ui/choice-buttons';
import { Pager } from './ui/pager';

beforeAll(() => i18nReady);

type Fruit = { id: string; name: string };
type Answer = { fruits: Fruit[]; total: number };
const groups = ['ripe', 'green'] as const;
type Group = (typeof groups)[number];

/** A list tab as the admin panel's are made of the kit, fed a query's state from outside. */
function FruitList({ queryOf }: { queryOf: (group: Group, page: number) => ListQuery<Answer> }) {
  const { filter, choose, page, setPage } = useFilterAndPage<Group>('ripe');
  const query = queryOf(filter, page);
  return (
    <ListSection
      id="fruits"
      title="Fruits"
      filter={
        <ChoiceButtons label="Which fruits" options={groups} value={filter} onChange={choose}>
          {(group) => group}
        </ChoiceButtons>
      }
      intro="What the market has."
    >
      <QueryStates query={query} failed={<ListFailed>The fruits could not be loaded.</ListFailed>}>
        {(data) => (
          <ItemList
            items={data.fruits}
            itemKey={(fruit) => fruit.id}
            empty={<ListNote>No {filter} fruits.</ListNote>}
          >
            {(fruit) => <span>{fruit.name}</span>}
          </ItemList>
        )}
      </QueryStates>
      <Pager
        page={page}
        pages={pageCount(query.data?.total ?? 0, 2)}
        onPage={setPage}
        label="Fruit pages"
      />
    </ListSection>
  );
}

const answer = (names: string[], total = names.length): ListQuery<Answer> => ({
  isError: false,
  data: { fruits: names.map((name) => ({ id: name, name })), total },
});

describe('list kit', () => {
  it('counts pages: at least one, a last page partly full', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(45, 10)).toBe(5);
  });

  it('shows the section named by its heading, the filter beside it and the introduction', () => {
    render(<FruitList queryOf={() => answer(['Mango'])} />);
    const section = screen.getByRole('region', { name: 'Fruits' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Fruits' })).toBeTruthy();
    const filter = within(section).getByRole('group', { name: 'Which fruits' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['ripe', 'true'],
      ['green', 'false'],
    ]);
    expect(within(section).getByText('What the market has.')).toBeTruthy();
  });

  it('has no filter row nor introduction when none is given', () => {
    render(
      <ListSection id="plain" title="Plain">
        <p>Body</p>
      </ListSection>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Plain' });
    expect(heading.id).toBe('plain-heading');
    expect(heading.parentElement!.tagName).toBe('SECTION');
    expect(screen.getByRole('region', { name: 'Plain' }).children).toHaveLength(2);
  });

  it('says it is loading until the first answer', () => {
    render(<FruitList queryOf={() => ({ isError: false, data: undefined })} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows what it is given while loading, when given', () => {
    render(
      <QueryStates query={{ isError: false, data: undefined }} failed="Failed" loading="Wait…">
        {() => 'Data'}
      </QueryStates>,
    );
    expect(screen.getByText('Wait…')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('says the list failed as an alert, even over an earlier answer', () => {
    render(<FruitList queryOf={() => ({ ...answer(['Mango']), isError: true })} />);
    expect(screen.getByRole('alert').textContent).toBe('The fruits could not be loaded.');
    expect(screen.queryByText('Mango')).toBeNull();
  });

  it('says when there is nothing, in the words of the filter chosen', async () => {
    render(<FruitList queryOf={(group) => answer(group === 'ripe' ? ['Mango'] : [])} />);
    expect(screen.getByRole('listitem').textContent).toBe('Mango');
    await userEvent.setup().click(screen.getByRole('button', { name: 'green' }));
    expect(screen.getByText('No green fruits.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the items, pages through them, and goes back to page 1 with another filter', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    render(
      <FruitList
        queryOf={(group, page) => {
          asked.push(`${group} ${page}`);
          return answer(page === 1 ? ['Mango', 'Pawpaw'] : ['Orange'], 3);
        }}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mango',
      'Pawpaw',
    ]);
    const pager = screen.getByRole('navigation', { name: 'Fruit pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Orange']);
    expect(asked.at(-1)).toBe('ripe 2');

    await user.click(screen.getByRole('button', { name: 'green' }));
    expect(asked.at(-1)).toBe('green 1');
    expect(screen.getByRole('button', { name: 'green' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
  });
});
