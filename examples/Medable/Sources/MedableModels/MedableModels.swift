// The models are generated into Generated/ from model-generator.yaml; apps using them also use the runtime.
@_exported import ModelRuntime
