import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only the parts line charts draw with; SVG keeps text crisp when the app is scaled down.
echarts.use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
