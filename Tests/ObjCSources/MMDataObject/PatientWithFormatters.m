#import "PatientWithFormatters.h"
#import "Visit.h"

@implementation PatientWithFormatters

- (id)init
{
    self = [super init];
    if (self) {
        [self registerClass:[Visit class] forCollectionName:@"visits"];
        [self addFormatterForPropertyName:@"name" input:[Visit lolify] output:[Visit unlolify]];
    }
    return self;
}

@end
