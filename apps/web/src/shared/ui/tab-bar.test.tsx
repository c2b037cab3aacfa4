/**
 * TabBar as a tab list (WAI-ARIA tabs): one tab stop, the arrows wrap around, Home and End go to
 * the ends, and landing on a tab selects it; the panel is named by the selected tab. A bar of
 * filter buttons (role="group") keeps its keys to itself.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabBar, TabPanel, tabProps } from './tab-bar';

afterEach(() => cleanup());

const IDS = ['one', 'two', 'three'] as const;

function Tabs({ onKeyDown }: { onKeyDown?: () => void }) {
  const [tab, setTab] = useState<(typeof IDS)[number]>('one');
  return (
    <>
      <TabBar role="tablist" aria-label="tabs" onKeyDown={onKeyDown}>
        {IDS.map((id) => (
          <button key={id} {...tabProps('t', id, id === tab)} onClick={() => setTab(id)}>
            {id}
          </button>
        ))}
      </TabBar>
      <TabPanel idBase="t" selected={tab}>
        panel {tab}
      </TabPanel>
    </>
  );
}

const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('TabBar as a tab list', () => {
  it('wires each tab to the panel and keeps one tab stop', () => {
    render(<Tabs />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe('t-panel');
    const panel = screen.getByRole('tabpanel');
    expect(panel.id).toBe('t-panel');
    expect(panel.getAttribute('aria-labelledby')).toBe('t-tab-one');
  });

  it('moves and selects with the arrows (wrapping), Home and End', () => {
    render(<Tabs />);
    const first = screen.getAllByRole('tab')[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(selected()).toBe('two');
    expect(document.activeElement?.textContent).toBe('two');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel two');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(selected()).toBe('three');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(selected()).toBe('one');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(selected()).toBe('three');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selected()).toBe('one');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('t-tab-one');
  });

  it("runs the caller's own key handler first", () => {
    const own = vi.fn();
    render(<Tabs onKeyDown={own} />);
    fireEvent.keyDown(screen.getAllByRole('tab')[0]!, { key: 'ArrowRight' });
    expect(own).toHaveBeenCalledOnce();
    expect(selected()).toBe('two');
  });

  it('leaves the keys of a group of filter buttons alone', () => {
    const click = vi.fn();
    render(
      <TabBar variant="segmented" role="group" aria-label="filter">
        <button type="button" aria-pressed onClick={click}>
          a
        </button>
        <button type="button" aria-pressed={false} onClick={click}>
          b
        </button>
      </TabBar>,
    );
    fireEvent.keyDown(screen.getByText('a'), { key: 'ArrowRight' });
    expect(click).not.toHaveBeenCalled();
  });
});
