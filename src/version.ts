import { version } from '../package.json';

export const SDK_VERSION: string = version;
