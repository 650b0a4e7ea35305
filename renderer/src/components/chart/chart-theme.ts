import { ColorType, CrosshairMode, LineStyle, type ChartOptionsImpl, type DeepPartial } from 'lightweight-charts';

/**
 * The app's colour tokens (`styles.css`) as the chart needs them: a canvas cannot read CSS
 * variables, so they are repeated here once, and nowhere else.
 */
export const chartColours = {
  background: '#131821',
  text: '#7f8a99',
  grid: 'rgba(34, 42, 54, 0.55)',
  border: '#222a36',
  crosshair: '#566070',
  bid: '#26a69a',
  ask: '#ef5350',
  bidVolume: 'rgba(38, 166, 154, 0.45)',
  askVolume: 'rgba(239, 83, 80, 0.45)',
  accent: '#4c8dff',
  warn: '#f0b429',
  muted: '#7f8a99',
  violet: '#b184f0',
  watermark: 'rgba(127, 138, 153, 0.55)',
} as const;

/** The options every chart of the workspace shares: dark, dense, a crosshair that follows the mouse. */
export function baseChartOptions(): DeepPartial<ChartOptionsImpl<number>> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: chartColours.background },
      textColor: chartColours.text,
      fontSize: 11,
      fontFamily: "'JetBrains Mono', ui-monospace, 'SF Mono', Menlo, Consolas, monospace",
      panes: { separatorColor: chartColours.border, separatorHoverColor: 'rgba(76, 141, 255, 0.25)', enableResize: true },
    },
    grid: { vertLines: { color: chartColours.grid }, horzLines: { color: chartColours.grid } },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: chartColours.crosshair, style: LineStyle.Dashed, labelBackgroundColor: '#2f3a4a' },
      horzLine: { color: chartColours.crosshair, style: LineStyle.Dashed, labelBackgroundColor: '#2f3a4a' },
    },
    // A label the pane's edge would cut in half is left out rather than drawn clipped.
    rightPriceScale: { borderColor: chartColours.border, minimumWidth: 84, entireTextOnly: true },
    timeScale: { borderColor: chartColours.border, rightOffset: 4, minBarSpacing: 0.5 },
  };
}

/** A small label in the top corner of a pane (left unless asked), naming what it shows. */
export function paneLabel(text: string, horzAlign: 'left' | 'right' = 'left'): { horzAlign: 'left' | 'right'; vertAlign: 'top'; lines: { text: string; color: string; fontSize: number }[] } {
  return { horzAlign, vertAlign: 'top', lines: [{ text, color: chartColours.watermark, fontSize: 11 }] };
}
