import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { PublicUser } from '@shop/shared/auth/schemas';
import { LogOut, User } from 'lucide-react';
import { useCommonText } from '@/lib/i18n/common';
import { menuContentClass, menuItemClass } from './theme-menu';
import { USER_CHIP_CLASS, UserChipFace } from './avatar';
import { roleLabel } from './nav-links';

/**
 * The user chip: initials, name and role (the back office shows the e-mail instead), with My Profile (when there is a
 * profile page) and Sign Out.
 */
export function UserMenu({
  user,
  onProfile,
  onSignOut,
  detail = 'role',
  signOutLabel,
}: {
  user: PublicUser;
  onProfile?: () => void;
  onSignOut: () => void;
  detail?: 'role' | 'email';
  signOutLabel?: string;
}) {
  const t = useCommonText();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('menu.accountFor', { name: user.name })}
        className={`${USER_CHIP_CLASS} hover:bg-slate-100 dark:hover:bg-slate-800`}
      >
        <UserChipFace name={user.name} detail={detail === 'email' ? user.email : roleLabel(user)} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <div className="px-2.5 py-2">
            <p className="truncate font-medium">{user.name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
            {detail === 'role' && (
              <p className="mt-1 text-xs font-medium text-brand-700 dark:text-brand-500">{roleLabel(user)}</p>
            )}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          {onProfile && (
            <DropdownMenu.Item className={menuItemClass} onSelect={onProfile}>
              <User className="h-4 w-4" aria-hidden />
              {t('menu.myProfile')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={`${menuItemClass} text-red-600 dark:text-red-400`} onSelect={onSignOut}>
            <LogOut className="h-4 w-4" aria-hidden />
            {signOutLabel ?? t('menu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
