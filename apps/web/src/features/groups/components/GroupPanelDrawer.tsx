import type { Contact } from "@parley/protocol";
import { Drawer } from "antd";
import { GroupPanel } from "./GroupPanel";

/** The member panel sliding over a narrow chat (from the right, at most 340 px wide). */
export function GroupPanelDrawer({
  contact,
  groupId,
  open,
  onClose,
  width,
}: {
  contact: Contact;
  groupId: number;
  open: boolean;
  onClose: () => void;
  /** The window's width: the drawer never overflows a phone. */
  width: number;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={contact.displayName}
      placement="right"
      size={Math.min(340, width)}
      styles={{ body: { padding: 0 } }}
    >
      <GroupPanel contact={contact} groupId={groupId} fill />
    </Drawer>
  );
}
