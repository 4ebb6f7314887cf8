/** In-app paths that code outside the route table needs to reach. */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/pages/common/login';
export const REAL_MARK_PATH = '/pages/setting/real_mark';
