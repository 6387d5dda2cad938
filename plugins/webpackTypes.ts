/** The types of the webpack Umi builds with, as its plugin API hands it over, for the plugins that add webpack plugins of their own. */
import type { IApi } from '@umijs/max';

export type Webpack = Parameters<Parameters<IApi['chainWebpack']>[0]>[1]['webpack'];
export type Compiler = InstanceType<Webpack['Compiler']>;
