import { CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import type { Notification, NotificationType } from './notifications-context';

const looks: Record<NotificationType, { icon: LucideIcon; box: string; iconColor: string }> = {
  info: { icon: Info, box: 'border-blue-200 bg-blue-50 text-blue-950', iconColor: 'text-blue-700' },
  success: {
    icon: CircleCheck,
    box: 'border-green-200 bg-green-50 text-green-950',
    iconColor: 'text-green-700',
  },
  warning: {
    icon: TriangleAlert,
    box: 'border-amber-200 bg-amber-50 text-amber-950',
    iconColor: 'text-amber-700',
  },
  error: { icon: CircleX, box: 'border-red-200 bg-red-50 text-red-950', iconColor: 'text-red-700' },
};

interface NotificationToastProps {
  notification: Notification;
  onDismiss: (id: string) => void;
}

export function NotificationToast({ notification, onDismiss }: NotificationToastProps) {
  const { id, type, title, message, autoClose, duration, action } = notification;

  useEffect(() => {
    if (!autoClose) return;
    const timer = setTimeout(() => onDismiss(id), duration);
    return () => clearTimeout(timer);
  }, [id, autoClose, duration, onDismiss]);

  const look = looks[type];
  const Icon = look.icon;
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      data-type={type}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${look.box}`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${look.iconColor}`} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm break-words text-slate-800">{message}</p>
        {action && (
          <button
            type="button"
            onClick={() => {
              onDismiss(id);
              action.onClick();
            }}
            className="mt-2 rounded font-semibold text-slate-900 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700"
          >
            {action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        aria-label="Dismiss notification"
        className="-m-1 shrink-0 rounded p-1 text-slate-700 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
