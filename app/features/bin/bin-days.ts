/** How long a record stays in the bin before the daily clean-up removes it for good (the screens say it too). */
export const BIN_DAYS = 30;
