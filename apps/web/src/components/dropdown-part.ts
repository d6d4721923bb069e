// antd's Dropdown (and the Menu it draws), fetched by LazyDropdown when a menu is first
// wanted: a module of its own so the chunk holds only it.
export { Dropdown } from "antd";
