/**
 * `@glowkit/engine`: the LED pipeline of one Glowkit instance — priority muxer, Python effects
 * drawn on a Skia canvas, image→LED mapping, colour processing, smoothing and devices. It knows
 * nothing of HTTP or of the configuration store: the server hands it its settings groups, typed,
 * valid and complete (protocol's InstanceRunSettings).
 *
 * @packageDocumentation
 */
export {
  BlackBorderProcessor,
  type BlackBorderSettings,
  type BorderCrop,
  NO_CROP,
} from './black-border/black-border-processor.js';
export {
  type BlackBorder,
  type BorderMode,
  blackLevel,
  type DetectorOptions,
  detectBorder,
  sameBorder,
  UNKNOWN_BORDER,
} from './black-border/detector.js';
export { BorderStabiliser, type StabiliserCounts } from './black-border/stabiliser.js';
export { EffectCanvas } from './canvas/effect-canvas.js';
export { loadEffectImage } from './canvas/image-source.js';
export { applyColorOrder } from './color/color-order.js';
export { type Adjustment, ColorProcessor } from './color/color-processor.js';
export { AdalightDevice, type AdalightDeviceOptions } from './devices/adalight/adalight-device.js';
export {
  type ListedPort,
  listSerialPorts,
  type SerialPortLister,
} from './devices/adalight/serial-port-finder.js';
export {
  DeviceController,
  type DeviceCounters,
  type DeviceState,
  type DeviceStatus,
} from './devices/device-controller.js';
export { DEVICE_TYPES, deviceTypeNames } from './devices/device-types.js';
export { FileDevice } from './devices/file-device.js';
export type {
  DeviceConfig,
  DeviceContext,
  DeviceFactory,
  LedDevice,
} from './devices/led-device.js';
export { DdpDevice } from './devices/network/ddp-device.js';
export { UdpRawDevice } from './devices/network/udp-raw-device.js';
export { WledDevice } from './devices/network/wled-device.js';
export { VirtualDevice } from './devices/virtual-device.js';
export {
  type CustomEffectResult,
  createCustomEffect,
  deleteCustomEffect,
} from './effects/custom-effects.js';
export { validateEffectArgs } from './effects/effect-args.js';
export {
  type CatalogueOptions,
  type CatalogueProblem,
  EffectCatalogue,
  type EffectDefinition,
  type EffectSchemaInfo,
  type ServerInfoEffect,
} from './effects/effect-catalogue.js';
export type { EffectConfinement } from './effects/effect-confinement.js';
export {
  type EffectExit,
  type EffectFrame,
  type EffectLimits,
  EffectProcess,
  type EffectProcessOptions,
} from './effects/effect-process.js';
export {
  type ArgViolation,
  type EngineError,
  type EngineErrorCode,
  type EngineErrorDetails,
  type EngineResult,
  engineError,
} from './errors.js';
export { COMPONENTS, type ComponentName, ComponentSwitches } from './instance/components.js';
export type {
  ActiveEffect,
  EffectChild,
  EffectProblem,
  EffectRequest,
} from './instance/effect-runner.js';
export type { EngineOptions } from './instance/engine-options.js';
export type { InstanceView } from './instance/instance-view.js';
export {
  LedInstance,
  type LedInstanceEvents,
  type LedInstanceOptions,
  type SourceHandle,
  type SourceRegistration,
  type SourceRequest,
  type VisibleSource,
} from './instance/led-instance.js';
export { type PriorityInfo, priorityInfo, rgbToHsl } from './instance/priority-info.js';
export {
  type FrameArrival,
  LATENCY_STAGES,
  LATENCY_WINDOW,
  type LatencyReport,
  StageStats,
} from './instance/stage-stats.js';
export { ImageToLeds } from './mapping/image-to-leds.js';
export { LedLayout, type LedRect } from './mapping/led-layout.js';
export { MAPPING_TYPES, type MappingType } from './mapping/mapping-type.js';
export { type VideoMode, videoModePart } from './mapping/video-mode.js';
export {
  type MuxerInput,
  PriorityMuxer,
  type RegisterOptions,
  type RemovalReason,
} from './muxer/priority-muxer.js';
export {
  MAX_SAMPLES_PER_SIDE,
  type SignalChange,
  type SignalDetectionSettings,
  SignalDetector,
  type SignalVerdict,
  signalLevel,
} from './signal-detection/signal-detector.js';
export { createSmoothing, type Smoothing } from './smoothing/smoothing.js';
export {
  DEFAULT_SMOOTHING,
  smoothingConfigOf,
  smoothingFromEffectArgs,
} from './smoothing/smoothing-config.js';
export * from './types.js';
