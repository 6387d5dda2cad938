export { isApiUrl } from '../../contract/rules/sitePaths';
